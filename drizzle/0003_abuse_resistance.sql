CREATE INDEX "stored_files_uploaded_by_size_idx" ON "stored_files" USING btree ("uploaded_by","size_bytes");--> statement-breakpoint
CREATE INDEX "papers_payment_id_idx" ON "papers" USING btree ("payment_id") WHERE "papers"."payment_id" <> '';--> statement-breakpoint
-- Payment IDs are kept in one form (no spaces, upper case), so a placeholder typed in lower
-- case counts as unpaid and one ID cannot hide behind another spelling.
UPDATE "papers" SET "payment_id" = upper(regexp_replace("payment_id", '\s', '', 'g'))
  WHERE "payment_id" <> upper(regexp_replace("payment_id", '\s', '', 'g'));
