ALTER TABLE "review_reports" DROP CONSTRAINT "review_reports_status_known";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_hidden_reason" text;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_status_known" CHECK ("review_reports"."status" in ('open', 'dismissed', 'hidden', 'reply_hidden'));