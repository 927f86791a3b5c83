ALTER TABLE "papers" ADD COLUMN "last_reviewer_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_reviews" ADD COLUMN "reviewer_number" integer;--> statement-breakpoint
-- Existing reviews keep the numbers the discussion showed them by: assignment order on each paper.
UPDATE "committee_reviews" SET "reviewer_number" = "numbered"."number"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "paper_id" ORDER BY "assigned_at", "id")::integer AS "number"
    FROM "committee_reviews") AS "numbered"
  WHERE "committee_reviews"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "papers" SET "last_reviewer_number" = "given"."last"
  FROM (SELECT "paper_id", max("reviewer_number") AS "last" FROM "committee_reviews" GROUP BY "paper_id") AS "given"
  WHERE "papers"."id" = "given"."paper_id";--> statement-breakpoint
ALTER TABLE "committee_reviews" ALTER COLUMN "reviewer_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_reviews_paper_number_uq" ON "committee_reviews" USING btree ("paper_id","reviewer_number");
