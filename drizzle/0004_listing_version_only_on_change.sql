-- Bump the listing version only when a statement really changed rows (decision 083, amended in 091's
-- follow-up): a refused DELETE or an UPDATE matching nothing no longer invalidates every cached listing page or
-- takes the version row's lock. Transition tables need one trigger per event; TRUNCATE keeps the plain trigger.
CREATE OR REPLACE FUNCTION bump_listing_version_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE "listing_version" SET "version" = ("version" % 2000000000) + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "profiles_bump_listing_version" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_listing_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "profiles_listing_update" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "profiles_listing_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "profiles_listing_truncate" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "maker_profiles_bump_listing_version" ON "maker_profiles";
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_listing_insert" AFTER INSERT ON "maker_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_listing_update" AFTER UPDATE ON "maker_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_listing_delete" AFTER DELETE ON "maker_profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_listing_truncate" AFTER TRUNCATE ON "maker_profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "mind_profiles_bump_listing_version" ON "mind_profiles";
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_listing_insert" AFTER INSERT ON "mind_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_listing_update" AFTER UPDATE ON "mind_profiles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_listing_delete" AFTER DELETE ON "mind_profiles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_listing_truncate" AFTER TRUNCATE ON "mind_profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "portfolio_items_bump_listing_version" ON "portfolio_items";
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_listing_insert" AFTER INSERT ON "portfolio_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_listing_update" AFTER UPDATE ON "portfolio_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_listing_delete" AFTER DELETE ON "portfolio_items" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_listing_truncate" AFTER TRUNCATE ON "portfolio_items" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_bump_listing_version" ON "user_roles";
--> statement-breakpoint
CREATE TRIGGER "user_roles_listing_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "user_roles_listing_update" AFTER UPDATE ON "user_roles" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "user_roles_listing_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER "user_roles_listing_truncate" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
