CREATE TABLE "task_finding" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"file_path" text NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"rule" text NOT NULL,
	"pattern" text NOT NULL,
	"violation" text NOT NULL,
	"line" integer,
	"suggestion" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"review_id" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_type" text NOT NULL,
	"recorded_by_id" text,
	"recorded_by_name" text NOT NULL,
	"dismissed_by_id" text,
	"dismissed_by_name" text,
	"dismiss_reason" text,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rule_set" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "rule_set_id" text;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "open_high_findings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "open_medium_findings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "open_low_findings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task_finding" ADD CONSTRAINT "task_finding_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set" ADD CONSTRAINT "rule_set_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_finding_task_status_idx" ON "task_finding" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "task_finding_task_file_idx" ON "task_finding" USING btree ("task_id","file_path");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_set_organization_name_idx" ON "rule_set" USING btree ("organization_id","name");--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_rule_set_id_rule_set_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_set"("id") ON DELETE set null ON UPDATE no action;