ALTER TABLE "papers" ADD COLUMN "review_mean" real;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "review_spread" integer;--> statement-breakpoint
CREATE INDEX "papers_review_mean_idx" ON "papers" USING btree ("review_mean" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The committee's combined marks on the paper's own row, so the paper list can sort and filter by
-- them from an index. Kept here, by the database, whatever writes a review.
CREATE FUNCTION "combine_review_marks"() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  "reviewed_paper" uuid := coalesce(NEW."paper_id", OLD."paper_id");
BEGIN
  UPDATE "papers" SET ("review_mean", "review_spread") = (
    SELECT round(avg("mark"), 1)::real, max("mark") - min("mark") FROM "committee_reviews"
      WHERE "paper_id" = "reviewed_paper" AND "submitted_at" IS NOT NULL
  ) WHERE "id" = "reviewed_paper";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "committee_reviews_combine_on_insert" AFTER INSERT ON "committee_reviews"
  FOR EACH ROW WHEN (NEW."submitted_at" IS NOT NULL) EXECUTE FUNCTION "combine_review_marks"();--> statement-breakpoint
CREATE TRIGGER "committee_reviews_combine_on_update" AFTER UPDATE ON "committee_reviews"
  FOR EACH ROW WHEN ((OLD."submitted_at" IS NOT NULL OR NEW."submitted_at" IS NOT NULL)
    AND (OLD."mark" IS DISTINCT FROM NEW."mark" OR OLD."submitted_at" IS DISTINCT FROM NEW."submitted_at"))
  EXECUTE FUNCTION "combine_review_marks"();--> statement-breakpoint
CREATE TRIGGER "committee_reviews_combine_on_delete" AFTER DELETE ON "committee_reviews"
  FOR EACH ROW WHEN (OLD."submitted_at" IS NOT NULL) EXECUTE FUNCTION "combine_review_marks"();--> statement-breakpoint
UPDATE "papers" SET "review_mean" = "combined"."mean", "review_spread" = "combined"."spread"
  FROM (SELECT "paper_id", round(avg("mark"), 1)::real AS "mean", max("mark") - min("mark") AS "spread"
    FROM "committee_reviews" WHERE "submitted_at" IS NOT NULL GROUP BY "paper_id") AS "combined"
  WHERE "papers"."id" = "combined"."paper_id";
--> statement-breakpoint
-- The paper list counts papers by their reviews (complete, missing): an assignment, a submitted
-- review and a member leaving the committee change those totals.
CREATE TRIGGER "committee_reviews_bump_dashboard_version" AFTER INSERT OR DELETE OR TRUNCATE ON "committee_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
CREATE TRIGGER "committee_reviews_submitted_bump_dashboard_version" AFTER UPDATE OF "submitted_at" ON "committee_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
CREATE TRIGGER "committee_members_status_bump_dashboard_version" AFTER UPDATE OF "status" ON "committee_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();
