CREATE TYPE "public"."committee_member_status" AS ENUM('invited', 'accepted', 'declined', 'revoked');--> statement-breakpoint
CREATE TABLE "committee_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"themes" text[] NOT NULL,
	"max_papers" integer NOT NULL,
	"status" "committee_member_status" DEFAULT 'invited' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"invitation_token_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_members_invitation_token_hash_unique" UNIQUE("invitation_token_hash")
);
--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_email_uq" ON "committee_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_user_uq" ON "committee_members" USING btree ("user_id") WHERE "committee_members"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "committee_members_invited_at_idx" ON "committee_members" USING btree ("invited_at");