CREATE TABLE "seal_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"maker_id" text,
	"status_index" serial NOT NULL,
	"jwt" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seal_credentials" ADD CONSTRAINT "seal_credentials_maker_id_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seal_credentials_status_index_idx" ON "seal_credentials" USING btree ("status_index");--> statement-breakpoint
CREATE INDEX "seal_credentials_maker_idx" ON "seal_credentials" USING btree ("maker_id","issued_at" DESC NULLS FIRST);