-- Unaccented search (decision 120): PostgreSQL's contrib and PGlite 0.5's @electric-sql/pglite/contrib both ship it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "creator_search" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" "app_role" NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"is_public" boolean NOT NULL,
	"seal_verified" boolean NOT NULL,
	"categories" text[] NOT NULL,
	"name_key" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_search" ADD CONSTRAINT "creator_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_search_document_idx" ON "creator_search" USING gin ("document") WHERE "creator_search"."is_public";--> statement-breakpoint
CREATE INDEX "creator_search_name_trgm_idx" ON "creator_search" USING gin ("name_key" gin_trgm_ops) WHERE "creator_search"."is_public";--> statement-breakpoint
CREATE INDEX "creator_search_newest_idx" ON "creator_search" USING btree ("created_at" DESC NULLS FIRST,"profile_id" DESC NULLS FIRST) WHERE "creator_search"."is_public";
--> statement-breakpoint
-- Rewrites the search rows of the given users from the tables they derive from. A user whose role is not maker or
-- mind, or who has no profile of that role, has no row. is_public is the one visibility rule: the role in user_roles
-- has an approved profile of that same role.
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
-- One trigger per event (transition tables allow no more), set-based: a bulk insert of a thousand creators rewrites
-- their thousand rows in one statement.
CREATE OR REPLACE FUNCTION creator_search_from_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search(ARRAY(SELECT DISTINCT "id" FROM changed_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION creator_search_from_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search(ARRAY(SELECT DISTINCT "user_id" FROM changed_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION creator_search_from_maker_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_creator_search(ARRAY(SELECT DISTINCT "maker_id" FROM changed_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_search_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_profiles();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_update" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_profiles();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_profiles();
--> statement-breakpoint
CREATE TRIGGER "user_roles_search_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "user_roles_search_update" AFTER UPDATE ON "user_roles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "user_roles_search_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_search_insert" AFTER INSERT ON "maker_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_search_update" AFTER UPDATE ON "maker_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_search_delete" AFTER DELETE ON "maker_profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_search_insert" AFTER INSERT ON "mind_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_search_update" AFTER UPDATE ON "mind_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_search_delete" AFTER DELETE ON "mind_profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_search_insert" AFTER INSERT ON "portfolio_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_maker_id();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_search_update" AFTER UPDATE ON "portfolio_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_maker_id();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_search_delete" AFTER DELETE ON "portfolio_items" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_search_from_maker_id();
--> statement-breakpoint
SELECT refresh_creator_search(ARRAY(SELECT "id" FROM "profiles"));
