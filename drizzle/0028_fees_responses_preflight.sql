CREATE SEQUENCE "public"."payment_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
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
CREATE TABLE "fee_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"early_bird_minor" bigint NOT NULL,
	"late_minor" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_categories_currency" CHECK ("fee_categories"."currency" in ('INR', 'USD')),
	CONSTRAINT "fee_categories_amounts" CHECK ("fee_categories"."early_bird_minor" >= 0 and "fee_categories"."late_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"full_paper_requires" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_settings_one_row" CHECK ("fee_settings"."id" = 1),
	CONSTRAINT "fee_settings_full_paper_requires" CHECK ("fee_settings"."full_paper_requires" in ('entered', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "paper_fee_choices" (
	"paper_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paper_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"state" text NOT NULL,
	"received_on" date,
	"amount_minor" bigint,
	"currency" text,
	"rate" text,
	"source" text,
	"reason" text,
	"receipt_number" bigint,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_decisions_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payment_decisions_state" CHECK ("payment_decisions"."state" in ('confirmed', 'rejected')),
	CONSTRAINT "payment_decisions_confirmed_facts" CHECK ("payment_decisions"."state" <> 'confirmed' or ("payment_decisions"."received_on" is not null and "payment_decisions"."amount_minor" >= 0 and "payment_decisions"."currency" in ('INR', 'USD') and "payment_decisions"."rate" in ('early_bird', 'late') and "payment_decisions"."receipt_number" is not null)),
	CONSTRAINT "payment_decisions_rejected_reason" CHECK ("payment_decisions"."state" <> 'rejected' or "payment_decisions"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "page_limit_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"abstract_min_pages" integer,
	"abstract_max_pages" integer,
	"full_paper_min_pages" integer,
	"full_paper_max_pages" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_limit_setting_one_row" CHECK ("page_limit_setting"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pdf_preflights" (
	"sha256" text PRIMARY KEY NOT NULL,
	"checker_version" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"failure" text,
	"verdict" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "pdf_preflights_verdict" CHECK ("pdf_preflights"."verdict" in ('passed', 'warnings', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "review_mark_revisions" ADD CONSTRAINT "review_mark_revisions_review_id_committee_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."committee_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_response_setting" ADD CONSTRAINT "author_response_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_revised_abstract_file_id_stored_files_id_fk" FOREIGN KEY ("revised_abstract_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_categories" ADD CONSTRAINT "fee_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_settings" ADD CONSTRAINT "fee_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fee_choices" ADD CONSTRAINT "paper_fee_choices_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fee_choices" ADD CONSTRAINT "paper_fee_choices_category_id_fee_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fee_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_decisions" ADD CONSTRAINT "payment_decisions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_decisions" ADD CONSTRAINT "payment_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_limit_setting" ADD CONSTRAINT "page_limit_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_mark_revisions_review_idx" ON "review_mark_revisions" USING btree ("review_id","replaced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "author_responses_paper_round_uq" ON "author_responses" USING btree ("paper_id","round");--> statement-breakpoint
CREATE INDEX "author_responses_file_idx" ON "author_responses" USING btree ("revised_abstract_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_categories_name_currency_uq" ON "fee_categories" USING btree ("name","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_decisions_confirmed_paper_uq" ON "payment_decisions" USING btree ("paper_id") WHERE "payment_decisions"."state" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_decisions_confirmed_payment_id_uq" ON "payment_decisions" USING btree ("payment_id") WHERE "payment_decisions"."state" = 'confirmed';--> statement-breakpoint
CREATE INDEX "payment_decisions_paper_idx" ON "payment_decisions" USING btree ("paper_id","decided_at");