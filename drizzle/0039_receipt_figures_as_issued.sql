-- Decision 228: a payout receipt keeps the figures it was issued with. Its context lines (released to the creator
-- after fees, and the fees withheld on those releases) were read again at every download, so a later release changed
-- a receipt already issued. They are now stored on the payout when it is paid.
ALTER TABLE "payouts" ADD COLUMN "receipt_earned_cents" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "receipt_fees_cents" bigint;--> statement-breakpoint
-- Receipts issued before: as of the payout's own ledger transaction, by the ledger's time order (transactions
-- written at or before it), for the creator whose payable account it debited (their bare id outlives their account).
UPDATE "payouts" p SET
  "receipt_earned_cents" = (
    SELECT coalesce(sum(e."amount_cents"), 0)
    FROM "ledger_entries" e
    JOIN "ledger_accounts" a ON a."id" = e."account_id"
    JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
    WHERE a."kind" = 'creator_payable' AND a."owner_id" = r."creator_id" AND e."amount_cents" > 0 AND t."created_at" <= r."as_of"
  ),
  "receipt_fees_cents" = (
    SELECT coalesce(sum(e."amount_cents"), 0)
    FROM "ledger_entries" e
    JOIN "ledger_accounts" a ON a."id" = e."account_id"
    JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
    WHERE a."kind" = 'platform_fees' AND t."created_at" <= r."as_of" AND e."transaction_id" IN (
      SELECT pe."transaction_id"
      FROM "ledger_entries" pe
      JOIN "ledger_accounts" pa ON pa."id" = pe."account_id"
      WHERE pa."kind" = 'creator_payable' AND pa."owner_id" = r."creator_id" AND pe."amount_cents" > 0
    )
  )
FROM (
  SELECT t."payout_id", a."owner_id" AS "creator_id", t."created_at" AS "as_of"
  FROM "ledger_transactions" t
  JOIN "ledger_entries" e ON e."transaction_id" = t."id"
  JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'creator_payable'
  WHERE t."kind" = 'payout' AND t."payout_id" IS NOT NULL
) r
WHERE r."payout_id" = p."id" AND p."status" = 'paid';--> statement-breakpoint
-- A paid payout with no ledger transaction (none is expected) states nothing beside its amount.
UPDATE "payouts" SET "receipt_earned_cents" = 0, "receipt_fees_cents" = 0 WHERE "status" = 'paid' AND "receipt_earned_cents" IS NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_cancelled_has_time" CHECK ("payouts"."status" <> 'cancelled' OR "payouts"."cancelled_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_has_receipt_figures" CHECK ("payouts"."status" <> 'paid' OR ("payouts"."receipt_earned_cents" IS NOT NULL AND "payouts"."receipt_fees_cents" IS NOT NULL));
