DROP INDEX "portfolio_items_maker_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "maker_profiles_status_created_idx";--> statement-breakpoint
DROP INDEX "mind_profiles_status_created_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_client_created_idx";--> statement-breakpoint
DROP INDEX "projects_maker_created_idx";--> statement-breakpoint
DROP INDEX "projects_mind_created_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
DROP INDEX "projects_flagged_idx";--> statement-breakpoint
DROP INDEX "white_glove_client_created_idx";--> statement-breakpoint
DROP INDEX "white_glove_created_idx";--> statement-breakpoint
CREATE INDEX "maker_profiles_sealed_keyset_idx" ON "maker_profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "maker_profiles"."application_status" = 'approved' AND "maker_profiles"."seal_status" = 'verified';--> statement-breakpoint
CREATE INDEX "maker_profiles_categories_gin_idx" ON "maker_profiles" USING gin ("deliverable_categories") WHERE "maker_profiles"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "mind_profiles_expertise_gin_idx" ON "mind_profiles" USING gin ("expertise_areas") WHERE "mind_profiles"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "portfolio_items_maker_created_id_idx" ON "portfolio_items" USING btree ("maker_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maker_profiles_status_created_idx" ON "maker_profiles" USING btree ("application_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mind_profiles_status_created_idx" ON "mind_profiles" USING btree ("application_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_client_created_idx" ON "projects" USING btree ("client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_maker_created_idx" ON "projects" USING btree ("maker_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_mind_created_idx" ON "projects" USING btree ("mind_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_flagged_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST) WHERE "projects"."flagged";--> statement-breakpoint
CREATE INDEX "white_glove_client_created_idx" ON "white_glove_requests" USING btree ("client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "white_glove_created_idx" ON "white_glove_requests" USING btree ("created_at" DESC NULLS FIRST);