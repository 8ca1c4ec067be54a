CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"payment_id" uuid,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"invoice_number" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reference" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	CONSTRAINT "refund_requests_ledger_transaction_key" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "refund_requests_amount_positive" CHECK ("refund_requests"."amount_cents" > 0),
	CONSTRAINT "refund_requests_status_known" CHECK ("refund_requests"."status" in ('requested', 'sent')),
	CONSTRAINT "refund_requests_sent_has_reference" CHECK ("refund_requests"."status" <> 'sent' OR ("refund_requests"."reference" IS NOT NULL AND "refund_requests"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_requested_idx" ON "refund_requests" USING btree ("requested_at") WHERE "refund_requests"."status" = 'requested';