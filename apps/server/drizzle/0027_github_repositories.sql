CREATE TABLE "code_moves" (
	"project_id" text PRIMARY KEY NOT NULL,
	"opened_moves_to_review" boolean DEFAULT true NOT NULL,
	"merged_moves_to_done" boolean DEFAULT true NOT NULL,
	"closed_adds_comment" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_commit_check" (
	"repository_id" text NOT NULL,
	"sha" text NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_commit_check_repository_id_sha_source_pk" PRIMARY KEY("repository_id","sha","source")
);
--> statement-breakpoint
CREATE TABLE "github_delivery" (
	"repository_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_delivery_repository_id_delivery_id_pk" PRIMARY KEY("repository_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "github_pull_request" (
	"id" text PRIMARY KEY NOT NULL,
	"repository_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"state" text NOT NULL,
	"head_ref" text,
	"head_sha" text,
	"checks" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_repository" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"sealed_token" text,
	"sealed_webhook_secret" text NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"status_error" text,
	"status_error_at" timestamp with time zone,
	"status_delivered_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_status_outbox" (
	"repository_id" text NOT NULL,
	"sha" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "github_status_outbox_repository_id_sha_pk" PRIMARY KEY("repository_id","sha")
);
--> statement-breakpoint
CREATE TABLE "task_branch" (
	"task_id" text NOT NULL,
	"repository_id" text NOT NULL,
	"name" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_branch_task_id_repository_id_name_pk" PRIMARY KEY("task_id","repository_id","name")
);
--> statement-breakpoint
CREATE TABLE "task_pull_request" (
	"task_id" text NOT NULL,
	"pull_request_id" text NOT NULL,
	"linked_by" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_pull_request_task_id_pull_request_id_pk" PRIMARY KEY("task_id","pull_request_id")
);
--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "development" jsonb DEFAULT '{"branches":[],"pullRequests":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "code_moves" ADD CONSTRAINT "code_moves_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_commit_check" ADD CONSTRAINT "github_commit_check_repository_id_github_repository_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repository"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_delivery" ADD CONSTRAINT "github_delivery_repository_id_github_repository_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repository"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_pull_request" ADD CONSTRAINT "github_pull_request_repository_id_github_repository_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repository"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository" ADD CONSTRAINT "github_repository_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository" ADD CONSTRAINT "github_repository_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository" ADD CONSTRAINT "github_repository_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_status_outbox" ADD CONSTRAINT "github_status_outbox_repository_id_github_repository_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repository"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_branch" ADD CONSTRAINT "task_branch_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_branch" ADD CONSTRAINT "task_branch_repository_id_github_repository_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repository"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_pull_request" ADD CONSTRAINT "task_pull_request_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_pull_request" ADD CONSTRAINT "task_pull_request_pull_request_id_github_pull_request_id_fk" FOREIGN KEY ("pull_request_id") REFERENCES "public"."github_pull_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "github_delivery_received_idx" ON "github_delivery" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "github_pull_request_number_idx" ON "github_pull_request" USING btree ("repository_id","number");--> statement-breakpoint
CREATE INDEX "github_pull_request_head_idx" ON "github_pull_request" USING btree ("repository_id","head_sha");--> statement-breakpoint
CREATE UNIQUE INDEX "github_repository_project_name_idx" ON "github_repository" USING btree ("project_id",lower("owner"),lower("name"));--> statement-breakpoint
CREATE INDEX "github_status_outbox_due_idx" ON "github_status_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "task_branch_repository_name_idx" ON "task_branch" USING btree ("repository_id","name");--> statement-breakpoint
CREATE INDEX "task_pull_request_pull_request_idx" ON "task_pull_request" USING btree ("pull_request_id");