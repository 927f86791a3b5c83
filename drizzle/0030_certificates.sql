ALTER TABLE "letters" ADD COLUMN "participant_id" uuid;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "withdrawn_by" uuid;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "replaced_by_id" uuid;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_replaced_by_id_letters_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letters_one_certificate_per_participant_uq" ON "letters" USING btree ("participant_id","kind") WHERE "letters"."kind" in ('participation', 'presentation') and "letters"."withdrawn_at" is null;