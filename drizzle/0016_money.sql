CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "document_counters_kind_known" CHECK ("document_counters"."kind" in ('invoice', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_owner_project_key" UNIQUE NULLS NOT DISTINCT("kind","owner_id","project_id"),
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" in ('funding', 'escrow', 'creator_payable', 'platform_fees', 'paid_out', 'refunded')),
	CONSTRAINT "ledger_accounts_shape" CHECK (("ledger_accounts"."kind" = 'escrow') = ("ledger_accounts"."project_id" IS NOT NULL) AND ("ledger_accounts"."kind" in ('platform_fees', 'escrow')) = ("ledger_accounts"."owner_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"project_id" uuid,
	"milestone_id" uuid,
	"payment_id" uuid,
	"payout_id" uuid,
	"memo" text,
	"created_by" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_kind_known" CHECK ("ledger_transactions"."kind" in ('funding', 'release', 'refund', 'split', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid,
	"project_id" uuid,
	"client_id" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"reference" text,
	"invoice_number" text NOT NULL,
	"project_title" text NOT NULL,
	"milestone_title" text NOT NULL,
	"milestone_position" integer NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"creator_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payments_invoice_number_key" UNIQUE("invoice_number"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('awaiting_payment', 'paid', 'cancelled')),
	CONSTRAINT "payments_provider_known" CHECK ("payments"."provider" in ('manual', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"reference" text,
	"receipt_number" text,
	"creator_name" text NOT NULL,
	"creator_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payouts_receipt_number_key" UNIQUE("receipt_number"),
	CONSTRAINT "payouts_amount_min" CHECK ("payouts"."amount_cents" >= 100),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('requested', 'paid', 'cancelled')),
	CONSTRAINT "payouts_paid_has_receipt" CHECK ("payouts"."status" <> 'paid' OR "payouts"."receipt_number" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_project_idx" ON "ledger_accounts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_project_idx" ON "ledger_transactions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_milestone_idx" ON "ledger_transactions" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_milestone_live_key" ON "payments" USING btree ("milestone_id") WHERE "payments"."status" in ('awaiting_payment', 'paid');--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id","issued_at");--> statement-breakpoint
CREATE INDEX "payments_project_idx" ON "payments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("issued_at") WHERE "payments"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" USING btree ("requested_at") WHERE "payouts"."status" = 'requested';--> statement-breakpoint
-- The ledger balances (decision 170): at commit, every transaction that gained entries must have at least two and
-- sum to zero. Deferred, so one money move inserts its entries one by one and is judged whole.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric; n integer;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, n FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (% entries summing to %)', NEW.transaction_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- A transaction with no entries at all is refused too.
CREATE OR REPLACE FUNCTION ledger_check_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM ledger_entries WHERE transaction_id = NEW.id) < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has fewer than two entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_have_entries" AFTER INSERT ON "ledger_transactions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_has_entries();
--> statement-breakpoint
-- Entries and transactions are never changed or removed: a correction is a new transaction.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
