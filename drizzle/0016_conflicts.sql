CREATE TYPE "public"."conflict_record_kind" AS ENUM('declared_by_member', 'declared_by_organiser', 'lifted');--> statement-breakpoint
CREATE TABLE "conflict_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"kind" "conflict_record_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" uuid,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "committee_members" ADD COLUMN "affiliation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conflict_records" ADD CONSTRAINT "conflict_records_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_records" ADD CONSTRAINT "conflict_records_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_records" ADD CONSTRAINT "conflict_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_records" ADD CONSTRAINT "conflict_records_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_records_current_uq" ON "conflict_records" USING btree ("member_id","paper_id") WHERE "conflict_records"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "conflict_records_paper_idx" ON "conflict_records" USING btree ("paper_id","recorded_at");