CREATE TABLE "programme_draft" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_draft_one_row" CHECK ("programme_draft"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "programme_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_rooms_capacity" CHECK ("programme_rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "programme_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"theme" text,
	"room_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"chairs" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "programme_sessions_order" CHECK ("programme_sessions"."ends_at" > "programme_sessions"."starts_at"),
	CONSTRAINT "programme_sessions_kind" CHECK ("programme_sessions"."kind" in ('plenary', 'keynote', 'oral', 'poster', 'break'))
);
--> statement-breakpoint
CREATE TABLE "programme_talks" (
	"paper_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"minutes" integer NOT NULL,
	"board" text DEFAULT '' NOT NULL,
	"mode_overridden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_versions" (
	"number" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"programme" jsonb NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_draft" ADD CONSTRAINT "programme_draft_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_room_id_programme_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."programme_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_talks" ADD CONSTRAINT "programme_talks_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_talks" ADD CONSTRAINT "programme_talks_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_versions" ADD CONSTRAINT "programme_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_rooms_name_uq" ON "programme_rooms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "programme_sessions_room_starts_idx" ON "programme_sessions" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "programme_talks_session_idx" ON "programme_talks" USING btree ("session_id","position");