CREATE TABLE "project_file_reviews" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_file_reviews_status" CHECK ("project_file_reviews"."status" IN ('pending', 'clear'))
);
--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "content_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "process_record_entries" ADD COLUMN "content_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "project_file_reviews" ADD CONSTRAINT "project_file_reviews_entry_id_process_record_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."process_record_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_file_reviews" ADD CONSTRAINT "project_file_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_file_reviews_pending_idx" ON "project_file_reviews" USING btree ("created_at") WHERE "project_file_reviews"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_review_reason" CHECK ("portfolio_items"."review_reason" IS NULL OR "portfolio_items"."review_reason" IN ('near_copy', 'ai_declared'));--> statement-breakpoint
UPDATE "portfolio_items" SET "review_reason" = 'near_copy' WHERE "review_status" = 'pending';
