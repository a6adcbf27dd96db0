-- Site search (docs/decisions/0070). Accents are folded with translate(), which is built in and
-- IMMUTABLE on PostgreSQL and PGlite alike (the unaccent extension is neither: PGlite must load it
-- at construction, and it is only STABLE). The functions use SQL-standard bodies (PostgreSQL 14+):
-- names are resolved once, here, so a restore with an empty search_path still computes them.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(translate(normalize(value, NFC),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ',
    'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY'));
--> statement-breakpoint
-- Portuguese stems with their accents folded, plus the stems of the accent-free text that differ:
-- the snowball stemmer cuts 'automação' to 'autom' but 'automacao' to 'automaca', so a document
-- carries both forms and a query matches either (app/domain/search/query.server.ts). Stems both
-- forms share are kept once (on the bench's posts ~4.3 kB compressed instead of ~5 kB: less to read).
CREATE FUNCTION search_vector(body text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT setweight(stems || ts_delete(plain, tsvector_to_array(stems)), weight)
    FROM (
      SELECT search_fold(to_tsvector('pg_catalog.portuguese', normalize(coalesce(body, ''), NFC))::text)::tsvector AS stems,
             to_tsvector('pg_catalog.portuguese', coalesce(search_fold(body), '')) AS plain
    ) AS forms
  );
--> statement-breakpoint
-- Title (A) outranks summary or description (B), which outranks the body (C).
CREATE FUNCTION search_document(title text, summary text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN search_vector(title, 'A') || search_vector(summary, 'B') || search_vector(body, 'C');
--> statement-breakpoint
CREATE TABLE "blog_post_search" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
-- A post's document is ~4 kB compressed. Kept in the row (up to 8 kB) instead of the TOAST table,
-- ranking 1,000 matching posts reads them in ~1 ms instead of ~9 ms of TOAST index lookups.
ALTER TABLE "blog_post_search" SET (toast_tuple_target = 8160);
--> statement-breakpoint
CREATE TABLE "search_pages" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"hash" text NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (search_document("title", "description", "body")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_search" ADD CONSTRAINT "blog_post_search_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_search_document_idx" ON "blog_post_search" USING gin ("document");--> statement-breakpoint
-- A post's body is sanitised HTML: tags become spaces, entities are skipped by the parser.
CREATE FUNCTION blog_post_document(title text, summary text, content text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN search_document(title, summary, regexp_replace(content, '<[^>]*>', ' ', 'g'));
--> statement-breakpoint
-- Every write of a post's text, by any code path, refreshes its document in the same transaction.
CREATE FUNCTION blog_post_search_refresh() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO blog_post_search (post_id, document)
  VALUES (NEW.id, blog_post_document(NEW.title, NEW.summary, NEW.content))
  ON CONFLICT (post_id) DO UPDATE SET document = excluded.document;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER blog_post_search_refresh
  AFTER INSERT OR UPDATE OF title, summary, content ON blog_posts
  FOR EACH ROW EXECUTE FUNCTION blog_post_search_refresh();
--> statement-breakpoint
INSERT INTO blog_post_search (post_id, document)
  SELECT id, blog_post_document(title, summary, content) FROM blog_posts;
