CREATE SEQUENCE "public"."payment_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
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
ALTER TABLE "fee_categories" ADD CONSTRAINT "fee_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_settings" ADD CONSTRAINT "fee_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fee_choices" ADD CONSTRAINT "paper_fee_choices_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fee_choices" ADD CONSTRAINT "paper_fee_choices_category_id_fee_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fee_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_decisions" ADD CONSTRAINT "payment_decisions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_decisions" ADD CONSTRAINT "payment_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_categories_name_currency_uq" ON "fee_categories" USING btree ("name","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_decisions_confirmed_paper_uq" ON "payment_decisions" USING btree ("paper_id") WHERE "payment_decisions"."state" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_decisions_confirmed_payment_id_uq" ON "payment_decisions" USING btree ("payment_id") WHERE "payment_decisions"."state" = 'confirmed';--> statement-breakpoint
CREATE INDEX "payment_decisions_paper_idx" ON "payment_decisions" USING btree ("paper_id","decided_at");