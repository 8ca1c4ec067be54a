-- The email outbox moves into the jobs table (decision 198): each email becomes a job of kind 'email' whose payload
-- holds the message, and `email_outbox` becomes a view over those rows with the columns the table had.
ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "key", "payload", "run_at", "status", "attempts", "last_error", "locked_until", "done_at", "created_at")
SELECT "id", 'email', 'email:' || "id",
  jsonb_strip_nulls(jsonb_build_object('type', "type", 'to', "to_address", 'subject', "subject", 'text', "text_body",
    'html', "html_body", 'replyTo', "reply_to", 'listUnsubscribe', "list_unsubscribe")),
  "next_attempt_at", CASE "status" WHEN 'sent' THEN 'done' ELSE "status"::text END, "attempts", "last_error",
  "locked_until", "sent_at", "created_at"
FROM "email_outbox";--> statement-breakpoint
DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
DROP TYPE "public"."email_status";--> statement-breakpoint
CREATE INDEX "jobs_email_to_idx" ON "jobs" USING btree (lower("payload"->>'to')) WHERE "jobs"."kind" = 'email';--> statement-breakpoint
CREATE VIEW "email_outbox" AS
SELECT "id",
  "payload"->>'type' AS "type",
  "payload"->>'to' AS "to_address",
  "payload"->>'subject' AS "subject",
  "payload"->>'text' AS "text_body",
  "payload"->>'html' AS "html_body",
  "payload"->>'replyTo' AS "reply_to",
  "payload"->>'listUnsubscribe' AS "list_unsubscribe",
  CASE "status" WHEN 'done' THEN 'sent' ELSE "status" END AS "status",
  "attempts",
  "run_at" AS "next_attempt_at",
  "locked_until",
  "last_error",
  CASE "status" WHEN 'done' THEN "done_at" END AS "sent_at",
  "created_at"
FROM "jobs"
WHERE "kind" = 'email';
