CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_status_known" CHECK ("review_reports"."status" in ('open', 'dismissed', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "review_windows" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text,
	"creator_id" text,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"rating" integer NOT NULL,
	"communication" integer,
	"quality" integer,
	"on_time" integer,
	"would_hire_again" boolean,
	"body" text NOT NULL,
	"published_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"reply_body" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_direction_known" CHECK ("reviews"."direction" in ('client_to_creator', 'creator_to_client')),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_client_fields" CHECK (("reviews"."direction" = 'client_to_creator') = ("reviews"."communication" between 1 and 5 and "reviews"."quality" between 1 and 5 and "reviews"."on_time" between 1 and 5 and "reviews"."would_hire_again" is not null)),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") between 10 and 2000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply_body" IS NULL OR char_length("reviews"."reply_body") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "communication_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "quality_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "on_time_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "would_hire_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maker_profiles" ADD COLUMN "rating_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "communication_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "quality_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "on_time_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "would_hire_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mind_profiles" ADD COLUMN "rating_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_review_windows_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."review_windows"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_key" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "review_windows_client_idx" ON "review_windows" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "review_windows_creator_idx" ON "review_windows" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_project_direction_key" ON "reviews" USING btree ("project_id","direction");--> statement-breakpoint
CREATE INDEX "reviews_subject_published_idx" ON "reviews" USING btree ("subject_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("hidden_at" DESC NULLS FIRST) WHERE "reviews"."hidden_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "maker_profiles_rating_keyset_idx" ON "maker_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "maker_profiles"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "maker_profiles_sealed_rating_keyset_idx" ON "maker_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "maker_profiles"."application_status" = 'approved' AND "maker_profiles"."seal_status" = 'verified';--> statement-breakpoint
CREATE INDEX "maker_profiles_rated_keyset_idx" ON "maker_profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "maker_profiles"."application_status" = 'approved' AND "maker_profiles"."rating_count" >= 3;--> statement-breakpoint
CREATE INDEX "maker_profiles_rated_rating_keyset_idx" ON "maker_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "maker_profiles"."application_status" = 'approved' AND "maker_profiles"."rating_count" >= 3;--> statement-breakpoint
CREATE INDEX "mind_profiles_rating_keyset_idx" ON "mind_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "mind_profiles"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "mind_profiles_rated_keyset_idx" ON "mind_profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "mind_profiles"."application_status" = 'approved' AND "mind_profiles"."rating_count" >= 3;--> statement-breakpoint
CREATE INDEX "mind_profiles_rated_rating_keyset_idx" ON "mind_profiles" USING btree ("rating_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "mind_profiles"."application_status" = 'approved' AND "mind_profiles"."rating_count" >= 3;--> statement-breakpoint
-- A creator's rating figures (decision 160), recomputed from their published, visible reviews from clients in the
-- transaction that publishes, hides, restores or deletes one (an account's deletion cascades here too). Written
-- only when a figure changed, so the listing version (0003/0004) moves exactly when a card's rating does.
-- The score is the Bayesian average (prior mean 4, weight 5; domain/reviews.ts) times 10,000; 0 with no reviews.
CREATE OR REPLACE FUNCTION refresh_creator_rating(subject text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer; s integer; c integer; q integer; o integer; h integer; score integer;
BEGIN
  SELECT count(*)::int, coalesce(sum(rating), 0)::int, coalesce(sum(communication), 0)::int, coalesce(sum(quality), 0)::int,
    coalesce(sum(on_time), 0)::int, (count(*) FILTER (WHERE would_hire_again))::int
  INTO n, s, c, q, o, h
  FROM reviews
  WHERE subject_id = subject AND direction = 'client_to_creator' AND published_at IS NOT NULL AND hidden_at IS NULL;
  score := CASE WHEN n = 0 THEN 0 ELSE round(((5 * 4 + s)::numeric / (5 + n)) * 10000)::int END;
  UPDATE maker_profiles SET rating_count = n, rating_sum = s, communication_sum = c, quality_sum = q, on_time_sum = o,
    would_hire_count = h, rating_score = score
  WHERE user_id = subject
    AND (rating_count, rating_sum, communication_sum, quality_sum, on_time_sum, would_hire_count, rating_score) IS DISTINCT FROM (n, s, c, q, o, h, score);
  UPDATE mind_profiles SET rating_count = n, rating_sum = s, communication_sum = c, quality_sum = q, on_time_sum = o,
    would_hire_count = h, rating_score = score
  WHERE user_id = subject
    AND (rating_count, rating_sum, communication_sum, quality_sum, on_time_sum, would_hire_count, rating_score) IS DISTINCT FROM (n, s, c, q, o, h, score);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_refresh_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.direction = 'client_to_creator' AND OLD.published_at IS NOT NULL THEN
    PERFORM refresh_creator_rating(OLD.subject_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.direction = 'client_to_creator' AND NEW.published_at IS NOT NULL
    AND (TG_OP = 'INSERT' OR OLD.published_at IS NULL OR NEW.subject_id IS DISTINCT FROM OLD.subject_id OR NEW.hidden_at IS DISTINCT FROM OLD.hidden_at) THEN
    PERFORM refresh_creator_rating(NEW.subject_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_refresh_rating" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION reviews_refresh_rating();
--> statement-breakpoint
-- Studios show the published reviews and replies, and are cached by the listing version: a statement that touched a
-- published review (publication, a reply, hiding, restoring, deletion) moves it. Drafts never do.
CREATE OR REPLACE FUNCTION bump_listing_version_if_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE published_at IS NOT NULL) THEN
    UPDATE "listing_version" SET "version" = ("version" % 2000000000) + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_listing_update" AFTER UPDATE ON "reviews" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_published();
--> statement-breakpoint
CREATE TRIGGER "reviews_listing_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version_if_published();
