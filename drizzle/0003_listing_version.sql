CREATE TABLE "listing_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_version_single_row" CHECK ("listing_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "listing_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Once per statement that changes what the public creator listing shows (never per row, so bulk writes pay once).
-- The row lock is held to the end of the writing transaction: such writes are rare next to listing reads.
CREATE OR REPLACE FUNCTION bump_listing_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "listing_version" SET "version" = ("version" % 2000000000) + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER "maker_profiles_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "maker_profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER "mind_profiles_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mind_profiles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER "portfolio_items_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portfolio_items" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER "user_roles_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
