ALTER TYPE "public"."user_role" ADD VALUE 'volunteer';--> statement-breakpoint
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
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_checked_in_at_idx" ON "check_ins" USING btree ("checked_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_paper_uq" ON "participants" USING btree ("paper_id") WHERE "participants"."paper_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "participants_added_email_uq" ON "participants" USING btree ("email") WHERE "participants"."paper_id" is null and "participants"."email" <> '';--> statement-breakpoint
CREATE INDEX "participants_role_idx" ON "participants" USING btree ("role");