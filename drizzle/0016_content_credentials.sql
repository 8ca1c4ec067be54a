ALTER TABLE "portfolio_items" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "content_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "process_record_entries" ADD COLUMN "content_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_review_reason" CHECK ("portfolio_items"."review_reason" IS NULL OR "portfolio_items"."review_reason" IN ('near_copy', 'ai_declared'));--> statement-breakpoint
UPDATE "portfolio_items" SET "review_reason" = 'near_copy' WHERE "review_status" = 'pending';
