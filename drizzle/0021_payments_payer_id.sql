ALTER TABLE "payments" ADD COLUMN "payer_id" text;--> statement-breakpoint
-- Every payment so far was issued to its client_id; one whose client is already gone names them in its ledger rows.
UPDATE "payments" SET "payer_id" = "client_id" WHERE "client_id" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "payer_id" = a."owner_id"
FROM "ledger_transactions" t
JOIN "ledger_entries" e ON e."transaction_id" = t."id"
JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'funding'
WHERE p."payer_id" IS NULL AND t."payment_id" = p."id";
