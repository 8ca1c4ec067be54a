-- Typo tolerance through a word list (decision 125). A query word is compared by trigram similarity with the words of
-- all documents, kept once each in search_lexicon, instead of with every creator's name (the name trigram index
-- matched some 2,000 names for a five-letter typo at 100,000 creators, each then fetched and tested); the words it
-- may be a typo of join the full-text query. Each word of a name is also in the document as '§n:word', so a match in
-- the name comes off the document's GIN index as well, and the name trigram index and its filter lexemes ('facets',
-- 0022) go.
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "creator_search_name_facets_idx";--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "creator_search" DROP COLUMN "facets";--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexicon_from_creator_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two writers adding the same new words wait for each other instead of deadlocking.
  INSERT INTO "search_lexicon" ("word")
  SELECT DISTINCT w FROM changed_rows c, unnest(tsvector_to_array(c."document")) AS w
  WHERE w NOT LIKE '§%' AND length(w) <= 64
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creator_search_lexicon_insert" AFTER INSERT ON "creator_search" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_from_creator_search();
--> statement-breakpoint
CREATE TRIGGER "creator_search_lexicon_update" AFTER UPDATE ON "creator_search" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_from_creator_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_creator_search(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "creator_search" s WHERE s."user_id" = ANY(ids);
  INSERT INTO "creator_search" ("user_id", "role", "profile_id", "created_at", "is_public", "seal_verified", "categories", "name_key", "document")
  SELECT p."id", r."role", c.id, c.created_at, c.status = 'approved', c.seal, c.categories,
    lower(unaccent(p."name")),
    setweight(to_tsvector('simple', unaccent(p."name")), 'A')
      || setweight(to_tsvector('simple', unaccent(replace(array_to_string(c.categories, ' '), '_', ' '))), 'B')
      || setweight(to_tsvector('simple', unaccent(coalesce(p."bio", ''))), 'C')
      || setweight(to_tsvector('simple', unaccent(coalesce(
        (SELECT string_agg(pi."title", ' ') FROM "portfolio_items" pi WHERE pi."maker_id" = p."id"), ''))), 'D')
      || array_to_tsvector(
        ARRAY['§role:' || r."role"::text]
        || CASE WHEN c.seal THEN ARRAY['§seal'] ELSE ARRAY[]::text[] END
        || ARRAY(SELECT '§cat:' || category FROM unnest(c.categories) AS category WHERE category <> '')
        || ARRAY(SELECT DISTINCT '§n:' || w FROM unnest(tsvector_to_array(to_tsvector('simple', unaccent(p."name")))) AS w))
  FROM "profiles" p
  JOIN "user_roles" r ON r."user_id" = p."id" AND r."role" IN ('maker', 'mind')
  JOIN LATERAL (
    SELECT m."id" AS id, m."created_at" AS created_at, m."application_status" AS status, m."seal_status" = 'verified' AS seal,
      m."deliverable_categories"::text[] AS categories
    FROM "maker_profiles" m WHERE m."user_id" = p."id" AND r."role" = 'maker'
    UNION ALL
    SELECT n."id", n."created_at", n."application_status", false, n."expertise_areas"::text[]
    FROM "mind_profiles" n WHERE n."user_id" = p."id" AND r."role" = 'mind'
  ) c ON true
  WHERE p."id" = ANY(ids);
END;
$$;
--> statement-breakpoint
-- The name's words into every document; the update trigger above fills the word list from the same rows.
UPDATE "creator_search" SET "document" = "document" || array_to_tsvector(
  ARRAY(SELECT DISTINCT '§n:' || w FROM unnest(tsvector_to_array(to_tsvector('simple', "name_key"))) AS w));
