-- Session cache invalidation (decision 121): every change that can end a session or change what a signed-in request
-- is allowed to do tells the app instances which users it touched, on the channel they LISTEN on. NOTIFY is delivered
-- at commit, so a rolled-back change invalidates nothing. The payload is the users' ids, comma-separated, or '*'
-- (everything) when they would not fit in a payload or the table was truncated. Inserts need no notice: a new session
-- is not cached yet, and a user without a role is never cached (the request is refused).
CREATE OR REPLACE FUNCTION session_cache_notify(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR ids = '' THEN
    RETURN;
  END IF;
  PERFORM pg_notify('session_cache', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_from_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM session_cache_notify((SELECT string_agg(DISTINCT "user_id", ',') FROM changed_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_from_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM session_cache_notify((SELECT string_agg(DISTINCT "id", ',') FROM changed_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "session_cache_session_update" AFTER UPDATE ON "session" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_session_delete" AFTER DELETE ON "session" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_session_truncate" AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION session_cache_truncated();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_update" AFTER UPDATE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_truncate" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION session_cache_truncated();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_roles_update" AFTER UPDATE ON "user_roles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_roles_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION session_cache_from_user_id();
--> statement-breakpoint
CREATE TRIGGER "session_cache_user_roles_truncate" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION session_cache_truncated();
