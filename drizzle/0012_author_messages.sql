CREATE TABLE "author_message_recipients" (
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"paper_id" uuid,
	"recipient_id" uuid,
	"ictacem_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"notification_id" uuid,
	"mail_id" uuid,
	CONSTRAINT "author_message_recipients_message_id_position_pk" PRIMARY KEY("message_id","position")
);
--> statement-breakpoint
CREATE TABLE "author_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_messages_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "last_author_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "author_message_recipients" ADD CONSTRAINT "author_message_recipients_message_id_author_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."author_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_message_recipients" ADD CONSTRAINT "author_message_recipients_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_message_recipients" ADD CONSTRAINT "author_message_recipients_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_message_recipients" ADD CONSTRAINT "author_message_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_message_recipients" ADD CONSTRAINT "author_message_recipients_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_messages" ADD CONSTRAINT "author_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_messages_created_at_idx" ON "author_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "papers_last_author_message_idx" ON "papers" USING btree ("last_author_message_at" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The author's latest chat message on the paper's own row, so the paper list can sort and filter
-- by it from an index. Kept here, by the database, whatever writes the chat.
CREATE FUNCTION "note_author_message"() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  UPDATE "papers" SET "last_author_message_at" = NEW."created_at"
    WHERE "id" = NEW."paper_id" AND ("last_author_message_at" IS NULL OR "last_author_message_at" < NEW."created_at");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_note_author_message" AFTER INSERT ON "chat_messages"
  FOR EACH ROW WHEN (NEW."sender_role" = 'author') EXECUTE FUNCTION "note_author_message"();--> statement-breakpoint
UPDATE "papers" SET "last_author_message_at" = "latest"."at"
  FROM (SELECT "paper_id", max("created_at") AS "at" FROM "chat_messages" WHERE "sender_role" = 'author' GROUP BY "paper_id") AS "latest"
  WHERE "papers"."id" = "latest"."paper_id";
