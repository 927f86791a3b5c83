DROP INDEX "paper_authors_name_search_idx";--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "authors_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The authors' folded names on the paper's own row, so that a search tests one row instead of
-- looking up the authors of every paper it reads. Kept here, by the database, whatever writes
-- the authors: the app never sets the column.
-- Names joined by a control character no one types, so that a search cannot match across two.
CREATE FUNCTION "paper_authors_search"("paper" uuid) RETURNS text LANGUAGE sql STABLE SET search_path = public AS $$
  SELECT coalesce(string_agg("name_search", chr(31) ORDER BY "position"), '') FROM "paper_authors" WHERE "paper_id" = "paper"
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_paper_authors_search"() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "papers" SET "authors_search" = "paper_authors_search"(OLD."paper_id") WHERE "id" = OLD."paper_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."paper_id" <> OLD."paper_id") THEN
    UPDATE "papers" SET "authors_search" = "paper_authors_search"(NEW."paper_id") WHERE "id" = NEW."paper_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "paper_authors_refresh_search" AFTER INSERT OR UPDATE OF "paper_id", "position", "name" OR DELETE ON "paper_authors"
  FOR EACH ROW EXECUTE FUNCTION "refresh_paper_authors_search"();--> statement-breakpoint
UPDATE "papers" SET "authors_search" = "paper_authors_search"("id");--> statement-breakpoint
CREATE INDEX "papers_authors_search_idx" ON "papers" USING gin ("authors_search" gin_trgm_ops);
