-- Search boxes match names and titles whatever their case and accents ("muller" finds "Müller"),
-- through trigram indexes on columns folded by search_fold. Both extensions are trusted: the
-- database owner may create them without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be changed); naming the dictionary makes the
-- result depend on the text alone, so the function may declare itself IMMUTABLE and be used by
-- generated columns and indexes.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- The admin lists' totals are kept per version of the data (cache_versions): a change of any
-- column the lists search must raise it, as a change of role always did.
DROP TRIGGER "users_role_bump_dashboard_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_listed_columns_bump_dashboard_version" AFTER UPDATE OF "role", "username", "email", "custom_user_id" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_dashboard_version"();
