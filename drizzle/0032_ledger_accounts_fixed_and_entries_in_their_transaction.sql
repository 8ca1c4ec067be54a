-- Two ways round the ledger's append-only rule are closed (decision 212).
-- 1. An account never changes hands or kind: updating ledger_accounts would move a balance to another person or into
--    fees without a transaction. Accounts, like entries, are only ever added.
CREATE TRIGGER "ledger_accounts_append_only" BEFORE UPDATE OR DELETE ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- 2. A ledger transaction gets its entries in the database transaction that created it, never later: otherwise a
--    balanced pair appended to a committed transaction would pass the balance check. Each row remembers the
--    top-level transaction that wrote it (pg_current_xact_id is the top-level id inside a savepoint too).
ALTER TABLE "ledger_transactions" ADD COLUMN "xact_id" xid8 DEFAULT pg_current_xact_id() NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_in_their_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT xact_id FROM ledger_transactions WHERE id = NEW.transaction_id) IS DISTINCT FROM pg_current_xact_id() THEN
    RAISE EXCEPTION 'ledger transaction % is closed: entries are written only with it', NEW.transaction_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_in_their_transaction" BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_in_their_transaction();
