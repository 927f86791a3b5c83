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
ALTER TABLE "payment_decisions" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payment_statement_mappings" ADD CONSTRAINT "payment_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_statement_id_payment_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_resolved_paper_id_papers_id_fk" FOREIGN KEY ("resolved_paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statement_rows" ADD CONSTRAINT "payment_statement_rows_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statements" ADD CONSTRAINT "payment_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_statement_rows_statement_idx" ON "payment_statement_rows" USING btree ("statement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_statements_content_uq" ON "payment_statements" USING btree ("content_hash","reading_key");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_one_receipt_per_number_uq" ON "letters" USING btree (("details" ->> 'receiptNumber')) WHERE "letters"."kind" = 'receipt';