CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_paper_seq_idx" ON "audit_log" USING btree ("paper_id","seq");--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES ('dashboard', 0);--> statement-breakpoint
CREATE FUNCTION "bump_dashboard_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'dashboard';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "papers_bump_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "papers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
CREATE TRIGGER "users_bump_dashboard_version" AFTER INSERT OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
CREATE TRIGGER "users_role_bump_dashboard_version" AFTER UPDATE OF "role" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
CREATE TRIGGER "paper_authors_bump_dashboard_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "paper_authors"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();--> statement-breakpoint
UPDATE "submission_versions" AS v SET "status" = 'superseded'
  WHERE v."status" = 'reset_by_admin'
    AND EXISTS (SELECT 1 FROM "submission_versions" AS n WHERE n."paper_id" = v."paper_id" AND n."kind" = v."kind" AND n."version" > v."version");--> statement-breakpoint
INSERT INTO "audit_log" ("action", "paper_id", "target_user_id", "new_status", "details")
  SELECT 'baseline', p."id", p."user_id", p."status", json_build_object('after', json_build_object(
    'status', p."status",
    'abstract', CASE WHEN p."abstract_file_id" IS NULL THEN 'reset' ELSE 'current' END,
    'fullPaper', CASE
      WHEN p."full_paper_file_id" IS NOT NULL THEN 'current'
      WHEN EXISTS (SELECT 1 FROM "submission_versions" AS v WHERE v."paper_id" = p."id" AND v."kind" = 'full_paper') THEN 'reset'
      ELSE 'none' END,
    'paid', btrim(p."payment_id") NOT IN ('', 'TXN123456789')))::jsonb
  FROM "papers" AS p;
