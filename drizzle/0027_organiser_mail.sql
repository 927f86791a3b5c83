ALTER TYPE "public"."mail_status" ADD VALUE 'unsent';--> statement-breakpoint
CREATE TABLE "decision_release_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_release_setting_one_row" CHECK ("decision_release_setting"."id" = 1),
	CONSTRAINT "decision_release_setting_mode" CHECK ("decision_release_setting"."mode" in ('on_entry', 'on_release', 'on_notification_date'))
);
--> statement-breakpoint
CREATE TABLE "held_decisions" (
	"paper_id" uuid PRIMARY KEY NOT NULL,
	"status" "paper_status" NOT NULL,
	"review" text NOT NULL,
	"share_reviews" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_template_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"subject" text,
	"body" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "paper_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "queued_by" uuid;--> statement-breakpoint
ALTER TABLE "decision_release_setting" ADD CONSTRAINT "decision_release_setting_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_decisions" ADD CONSTRAINT "held_decisions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_decisions" ADD CONSTRAINT "held_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_template_changes" ADD CONSTRAINT "mail_template_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_decisions_decided_at_idx" ON "held_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "mail_template_changes_key_idx" ON "mail_template_changes" USING btree ("key","changed_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_queued_by_users_id_fk" FOREIGN KEY ("queued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_kind_created_idx" ON "mail_outbox" USING btree ("kind","created_at");