CREATE TABLE "stripe_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_state_known" CHECK ("stripe_accounts"."state" in ('pending', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"stripe_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_operations_kind_known" CHECK ("stripe_operations"."kind" in ('transfer', 'refund')),
	CONSTRAINT "stripe_operations_amount_positive" CHECK ("stripe_operations"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_accounts_account_key" ON "stripe_accounts" USING btree ("account_id");