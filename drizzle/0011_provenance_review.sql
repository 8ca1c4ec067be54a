ALTER TABLE "portfolio_items" ADD COLUMN "perceptual_hash" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "perceptual_bands" integer[];--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "review_status" text DEFAULT 'clear' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "matched_item_id" uuid;--> statement-breakpoint
CREATE INDEX "portfolio_items_perceptual_bands_idx" ON "portfolio_items" USING gin ("perceptual_bands");--> statement-breakpoint
CREATE INDEX "portfolio_items_pending_review_idx" ON "portfolio_items" USING btree ("created_at") WHERE "portfolio_items"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_review_status" CHECK ("portfolio_items"."review_status" IN ('clear', 'pending'));