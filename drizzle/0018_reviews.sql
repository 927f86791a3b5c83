CREATE TABLE "committee_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"mark" integer,
	"confidence" integer,
	"comments_to_authors" text DEFAULT '' NOT NULL,
	"confidential_comments" text DEFAULT '' NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_reviews_mark_range" CHECK ("committee_reviews"."mark" between 0 and 100),
	CONSTRAINT "committee_reviews_confidence_range" CHECK ("committee_reviews"."confidence" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "committee_reviews" ADD CONSTRAINT "committee_reviews_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_reviews" ADD CONSTRAINT "committee_reviews_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_reviews" ADD CONSTRAINT "committee_reviews_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_reviews_member_paper_uq" ON "committee_reviews" USING btree ("member_id","paper_id");--> statement-breakpoint
CREATE INDEX "committee_reviews_paper_idx" ON "committee_reviews" USING btree ("paper_id");