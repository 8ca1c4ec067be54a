-- The process record's append-only guard had two gaps (decision 214).
-- 1. A project's entries went with any delete of the project; only an account deletion, which first writes the
--    record's removal row (decision 192), may take them now. A bare DELETE FROM projects of a documented project fails.
CREATE OR REPLACE FUNCTION "process_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE'
		AND NOT EXISTS (SELECT 1 FROM "projects" WHERE "id" = OLD."project_id")
		AND EXISTS (SELECT 1 FROM "process_record_removals" WHERE "project_id" = OLD."project_id") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'process record entries are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
-- 2. TRUNCATE fires no row trigger: it emptied the record (and the removals) past the guard.
CREATE FUNCTION "process_record_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: TRUNCATE is refused', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "process_record_entries_no_truncate" BEFORE TRUNCATE ON "process_record_entries" FOR EACH STATEMENT EXECUTE FUNCTION "process_record_no_truncate"();
--> statement-breakpoint
CREATE TRIGGER "process_record_removals_no_truncate" BEFORE TRUNCATE ON "process_record_removals" FOR EACH STATEMENT EXECUTE FUNCTION "process_record_no_truncate"();
