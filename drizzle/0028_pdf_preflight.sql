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
ALTER TABLE "page_limit_setting" ADD CONSTRAINT "page_limit_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;