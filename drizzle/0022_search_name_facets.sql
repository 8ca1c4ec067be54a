-- The filter lexemes on their own ('§role:…', '§seal', '§cat:…', as in the document since 0020), in one GIN index
-- with the name's trigrams: a name search with filters reads both off that index instead of visiting every row
-- whose name is similar to test its filters (decision 120, addendum of 2026-11-26, evening).
DROP INDEX "creator_search_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "creator_search" ADD COLUMN "facets" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_creator_search(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "creator_search" s WHERE s."user_id" = ANY(ids);
  INSERT INTO "creator_search" ("user_id", "role", "profile_id", "created_at", "is_public", "seal_verified", "categories", "name_key", "document", "facets")
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
        || ARRAY(SELECT '§cat:' || category FROM unnest(c.categories) AS category WHERE category <> '')),
    array_to_tsvector(
        ARRAY['§role:' || r."role"::text]
        || CASE WHEN c.seal THEN ARRAY['§seal'] ELSE ARRAY[]::text[] END
        || ARRAY(SELECT '§cat:' || category FROM unnest(c.categories) AS category WHERE category <> ''))
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
UPDATE "creator_search" SET "facets" = array_to_tsvector(
  ARRAY['§role:' || "role"::text]
  || CASE WHEN "seal_verified" THEN ARRAY['§seal'] ELSE ARRAY[]::text[] END
  || ARRAY(SELECT '§cat:' || category FROM unnest("categories") AS category WHERE category <> ''));--> statement-breakpoint
CREATE INDEX "creator_search_name_facets_idx" ON "creator_search" USING gin ("name_key" gin_trgm_ops,"facets") WHERE "creator_search"."is_public";
