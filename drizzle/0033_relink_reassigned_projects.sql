-- A draft handed to another creator kept the link to the previous pair's thread, where its events then went
-- (decision 213). Each such project is linked to its own pair's thread, made when the pair has none yet.
INSERT INTO "conversations" ("client_id", "creator_id")
SELECT DISTINCT p."client_id", coalesce(p."maker_id", p."mind_id")
FROM "projects" p
JOIN "conversations" c ON c."id" = p."conversation_id"
WHERE p."client_id" IS NOT NULL
  AND coalesce(p."maker_id", p."mind_id") IS NOT NULL
  AND c."creator_id" IS DISTINCT FROM coalesce(p."maker_id", p."mind_id")
ON CONFLICT ("client_id", "creator_id") DO NOTHING;
--> statement-breakpoint
UPDATE "projects" p
SET "conversation_id" = pair."id"
FROM "conversations" c, "conversations" pair
WHERE c."id" = p."conversation_id"
  AND c."creator_id" IS DISTINCT FROM coalesce(p."maker_id", p."mind_id")
  AND pair."client_id" = p."client_id"
  AND pair."creator_id" = coalesce(p."maker_id", p."mind_id");
