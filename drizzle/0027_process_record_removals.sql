CREATE TABLE "process_record_removals" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"entry_hashes" text[] NOT NULL,
	"chain_held" boolean NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_record_removals_reason" CHECK ("process_record_removals"."reason" IN ('client_account_deleted'))
);
--> statement-breakpoint
-- What stays of a removed project's record is written once and never changed (decision 192).
CREATE FUNCTION "process_record_removals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'process record removals are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "process_record_removals_append_only" BEFORE UPDATE OR DELETE ON "process_record_removals"
	FOR EACH ROW EXECUTE FUNCTION "process_record_removals_append_only"();--> statement-breakpoint
-- A studio shows its Seal credential's links only while one is in force (decision 192): issuing or revoking one
-- changes the studio, so it bumps the listing version like the other tables a studio reads (decision 083).
CREATE TRIGGER "seal_credentials_listing_insert" AFTER INSERT ON "seal_credentials" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();--> statement-breakpoint
CREATE TRIGGER "seal_credentials_listing_update" AFTER UPDATE ON "seal_credentials" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();--> statement-breakpoint
CREATE TRIGGER "seal_credentials_listing_delete" AFTER DELETE ON "seal_credentials" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_changed();--> statement-breakpoint
CREATE TRIGGER "seal_credentials_listing_truncate" AFTER TRUNCATE ON "seal_credentials" FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
