ALTER TYPE "public"."user_role" ADD VALUE 'volunteer';--> statement-breakpoint
CREATE TABLE "payment_statement_mappings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"payment_id_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"currency_column" text,
	"received_on_column" text NOT NULL,
	"payer_name_column" text,
	"decimal_separator" text NOT NULL,
	"date_format" text NOT NULL,
	"default_currency" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_statement_mappings_one_row" CHECK ("payment_statement_mappings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_statement_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line" integer NOT NULL,
	"payment_id" text NOT NULL,
	"other_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_minor" bigint,
	"currency" text,
	"received_on" date,
	"payer_name" text DEFAULT '' NOT NULL,
	"problem" text,
	"resolution" text,
	"resolved_paper_id" uuid,
	"note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_statement_rows_resolution" CHECK ("payment_statement_rows"."resolution" is null or "payment_statement_rows"."resolution" in ('confirmed', 'confirmed_by_hand', 'rejected', 'noted'))
);
--> statement-breakpoint
CREATE TABLE "payment_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_hash" text NOT NULL,
	"reading_key" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_statements_format" CHECK ("payment_statements"."format" in ('csv', 'camt053'))
);
--> statement-breakpoint
CREATE TABLE "badge_signing_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_signing_key_one_row" CHECK ("badge_signing_key"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"checked_in_by" uuid,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_participant_id_unique" UNIQUE("participant_id"),
	CONSTRAINT "check_ins_client_key_unique" UNIQUE("client_key")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paper_id" uuid,
	"presenter_position" integer DEFAULT 0 NOT NULL,
	"name" text,
	"affiliation" text,
	"email" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"badge_token" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_badge_token_unique" UNIQUE("badge_token"),
	CONSTRAINT "participants_role" CHECK ("participants"."role" in ('author', 'speaker', 'committee', 'delegate', 'volunteer')),
	CONSTRAINT "participants_added_named" CHECK ("participants"."paper_id" is not null or "participants"."name" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_decisions" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payment_statement_mappings" ADD CONSTRAINT "payment_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_statement_id_payment_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_resolved_paper_id_papers_id_fk" FOREIGN KEY ("resolved_paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statements" ADD CONSTRAINT "payment_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_statement_rows_statement_idx" ON "payment_statement_rows" USING btree ("statement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_statements_content_uq" ON "payment_statements" USING btree ("content_hash","reading_key");--> statement-breakpoint
CREATE INDEX "check_ins_checked_in_at_idx" ON "check_ins" USING btree ("checked_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_paper_uq" ON "participants" USING btree ("paper_id") WHERE "participants"."paper_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "participants_added_email_uq" ON "participants" USING btree ("email") WHERE "participants"."paper_id" is null and "participants"."email" <> '';--> statement-breakpoint
CREATE INDEX "participants_role_idx" ON "participants" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_one_receipt_per_number_uq" ON "letters" USING btree (("details" ->> 'receiptNumber')) WHERE "letters"."kind" = 'receipt';