DROP INDEX "papers_user_id_idx";--> statement-breakpoint
DROP INDEX "papers_status_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_username_id_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_user_id_uq" ON "papers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "papers_status_theme_submitted_at_idx" ON "papers" USING btree ("status","theme","submitted_at","id");--> statement-breakpoint
CREATE INDEX "papers_marks_submitted_at_idx" ON "papers" USING btree ("evaluation_marks" DESC NULLS LAST,"submitted_at" DESC NULLS LAST);