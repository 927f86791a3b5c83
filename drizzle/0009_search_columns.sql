DROP INDEX "papers_submitted_at_idx";--> statement-breakpoint
DROP INDEX "papers_marks_submitted_at_idx";--> statement-breakpoint
-- One ALTER TABLE per table: each adds its generated columns in one rewrite of the table.
ALTER TABLE "users"
  ADD COLUMN "username_search" text GENERATED ALWAYS AS (search_fold(username)) STORED NOT NULL,
  ADD COLUMN "email_search" text GENERATED ALWAYS AS (search_fold(email)) STORED NOT NULL,
  ADD COLUMN "custom_user_id_search" text GENERATED ALWAYS AS (search_fold(custom_user_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_authors" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_fold(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "papers"
  ADD COLUMN "title_search" text GENERATED ALWAYS AS (search_fold(title)) STORED NOT NULL,
  ADD COLUMN "ictacem_id_search" text GENERATED ALWAYS AS (search_fold(ictacem_id)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_username_search_idx" ON "users" USING gin ("username_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_custom_user_id_search_idx" ON "users" USING gin ("custom_user_id_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "paper_authors_name_search_idx" ON "paper_authors" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "papers_submitted_at_id_idx" ON "papers" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "papers_marks_submitted_at_id_idx" ON "papers" USING btree ("evaluation_marks" DESC NULLS LAST,"submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "papers_title_search_idx" ON "papers" USING gin ("title_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "papers_ictacem_id_search_idx" ON "papers" USING gin ("ictacem_id_search" gin_trgm_ops);