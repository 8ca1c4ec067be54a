CREATE TABLE "payout_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_code" text,
	"bank_name" text,
	"country" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "pay_to" jsonb;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;