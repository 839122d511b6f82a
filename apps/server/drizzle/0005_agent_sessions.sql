CREATE TABLE "agent_session" (
	"id" text PRIMARY KEY NOT NULL,
	"mcp_session_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text,
	"agent_name" text NOT NULL,
	"api_key_id" text,
	"principal" text NOT NULL,
	"client_name" text,
	"client_version" text,
	"protocol_version" text NOT NULL,
	"toolsets" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"question" text,
	"current_task_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_session" ADD CONSTRAINT "agent_session_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_session" ADD CONSTRAINT "agent_session_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_session" ADD CONSTRAINT "agent_session_current_task_id_task_id_fk" FOREIGN KEY ("current_task_id") REFERENCES "public"."task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_session_mcp_session_idx" ON "agent_session" USING btree ("mcp_session_id");--> statement-breakpoint
CREATE INDEX "agent_session_organization_seen_idx" ON "agent_session" USING btree ("organization_id","last_seen_at");