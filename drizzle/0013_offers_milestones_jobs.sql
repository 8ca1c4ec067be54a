CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('pending', 'done', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "project_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"deliverable_url" text,
	"submissions" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"auto_approve_at" timestamp with time zone,
	"revision_note" text,
	"approved_at" timestamp with time zone,
	"approved_by_time" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_milestones_amount_nonneg" CHECK ("project_milestones"."amount_cents" >= 0),
	CONSTRAINT "project_milestones_position_range" CHECK ("project_milestones"."position" between 1 and 10),
	CONSTRAINT "project_milestones_status_known" CHECK ("project_milestones"."status" in ('pending', 'active', 'submitted', 'revision_requested', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "project_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"creator_id" text,
	"price_cents" bigint NOT NULL,
	"revision_rounds" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"milestones" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_note" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_offers_price_whole_dollars" CHECK ("project_offers"."price_cents" >= 100 and "project_offers"."price_cents" % 100 = 0),
	CONSTRAINT "project_offers_rounds_range" CHECK ("project_offers"."revision_rounds" between 0 and 5),
	CONSTRAINT "project_offers_status_known" CHECK ("project_offers"."status" in ('pending', 'accepted', 'declined', 'changes_requested', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "process_docs" ADD COLUMN "milestone_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revision_rounds" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "revisions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "extra_revisions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_offers" ADD CONSTRAINT "project_offers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_offers" ADD CONSTRAINT "project_offers_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "project_milestones_position_key" ON "project_milestones" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "project_offers_version_key" ON "project_offers" USING btree ("project_id","version");--> statement-breakpoint
ALTER TABLE "process_docs" ADD CONSTRAINT "process_docs_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Projects that began before milestones become one-milestone projects, in the state their status says; work in
-- review gets the full auto-approval wait from now (decision 151).
INSERT INTO "project_milestones" ("project_id", "position", "title", "amount_cents", "status", "deliverable_url", "submissions", "submitted_at", "auto_approve_at", "approved_at")
SELECT p."id", 1, p."title", round(p."budget" * 100)::bigint,
  CASE p."status" WHEN 'active' THEN 'active' WHEN 'in_review' THEN 'submitted' ELSE 'approved' END,
  p."deliverable_url",
  CASE WHEN p."status" = 'active' THEN 0 ELSE 1 END,
  CASE WHEN p."status" = 'active' THEN NULL ELSE p."updated_at" END,
  CASE WHEN p."status" = 'in_review' AND NOT p."flagged" THEN now() + interval '7 days' END,
  CASE WHEN p."status" = 'completed' THEN coalesce(p."completed_at", p."updated_at") END
FROM "projects" p
WHERE p."status" IN ('active', 'in_review', 'completed');
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'milestone.auto_approve', 'milestone:' || m."id" || ':auto-approve:1', jsonb_build_object('milestoneId', m."id", 'submission', 1), m."auto_approve_at"
FROM "project_milestones" m
WHERE m."status" = 'submitted' AND m."auto_approve_at" IS NOT NULL;
