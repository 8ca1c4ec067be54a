CREATE TABLE "process_record_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"file_url" text,
	"file_sha256" text,
	"uploader_id" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"entry_hash" text NOT NULL,
	CONSTRAINT "process_record_entries_kind" CHECK ("process_record_entries"."kind" IN ('process_doc', 'deliverable', 'tombstone')),
	CONSTRAINT "process_record_entries_file" CHECK (("process_record_entries"."kind" = 'tombstone') = ("process_record_entries"."file_sha256" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "process_record_entries" ADD CONSTRAINT "process_record_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_record_entries_project_seq_idx" ON "process_record_entries" USING btree ("project_id","seq");--> statement-breakpoint
-- Append-only: no entry is ever changed, and one is removed only when its project is gone (the cascade of deleting
-- the client's account); the RI cascade runs after the project row is deleted, so it is no longer visible here.
CREATE FUNCTION "process_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "projects" WHERE "id" = OLD."project_id") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'process record entries are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "process_record_append_only" BEFORE UPDATE OR DELETE ON "process_record_entries"
	FOR EACH ROW EXECUTE FUNCTION "process_record_append_only"();
