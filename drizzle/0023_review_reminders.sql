CREATE TABLE "review_reminder_rounds" (
	"deadline" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"members" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminder_rounds_deadline_days_before_pk" PRIMARY KEY("deadline","days_before")
);
--> statement-breakpoint
CREATE TABLE "review_reminder_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"automatic" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminder_setting_one_row" CHECK ("review_reminder_setting"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "review_reminder_setting" ADD CONSTRAINT "review_reminder_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;