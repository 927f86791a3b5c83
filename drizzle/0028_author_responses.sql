CREATE TABLE "review_mark_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"mark" integer,
	"confidence" integer,
	"given_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"after_response" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "author_response_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"word_limit" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_response_setting_one_row" CHECK ("author_response_setting"."id" = 1),
	CONSTRAINT "author_response_setting_word_limit" CHECK ("author_response_setting"."word_limit" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "author_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paper_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"revised_abstract_file_id" uuid,
	"revised_abstract_name" text,
	"draft_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_mark_revisions" ADD CONSTRAINT "review_mark_revisions_review_id_committee_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."committee_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_response_setting" ADD CONSTRAINT "author_response_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_revised_abstract_file_id_stored_files_id_fk" FOREIGN KEY ("revised_abstract_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_mark_revisions_review_idx" ON "review_mark_revisions" USING btree ("review_id","replaced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "author_responses_paper_round_uq" ON "author_responses" USING btree ("paper_id","round");--> statement-breakpoint
CREATE INDEX "author_responses_file_idx" ON "author_responses" USING btree ("revised_abstract_file_id");