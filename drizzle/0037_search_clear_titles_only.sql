-- A portfolio piece held for provenance review (review_status 'pending', decision 134) is hidden on cards, studios
-- and link previews, but its title went into the creator's search document, so a search by it found the creator
-- (decision 223). Only 'clear' pieces' titles go into the document now, and so into the search lexicon, which is
-- filled from the documents. portfolio_items' statement triggers (0005) fire on every INSERT, UPDATE and DELETE,
-- whatever the columns, so clearing a piece (or holding it again) rewrites its maker's row in the same transaction.
-- The rest is 0023's function unchanged.
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
        (SELECT string_agg(pi."title", ' ') FROM "portfolio_items" pi WHERE pi."maker_id" = p."id" AND pi."review_status" = 'clear'), ''))), 'D')
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
-- Every row rebuilt, and the word list with them: emptied first, the insert trigger on creator_search (0023) refills
-- it from the new documents, so the words only held titles had are gone from it too.
DELETE FROM "search_lexicon";
--> statement-breakpoint
SELECT refresh_creator_search(ARRAY(SELECT "id" FROM "profiles"));
