CREATE TABLE "review_mode_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_mode_setting_one_row" CHECK ("review_mode_setting"."id" = 1),
	CONSTRAINT "review_mode_setting_mode" CHECK ("review_mode_setting"."mode" in ('single_blind', 'double_blind'))
);
--> statement-breakpoint
ALTER TABLE "review_mode_setting" ADD CONSTRAINT "review_mode_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;