DROP INDEX "project_offers_version_key";--> statement-breakpoint
CREATE UNIQUE INDEX "project_offers_version_key" ON "project_offers" USING btree ("project_id","creator_id","version");