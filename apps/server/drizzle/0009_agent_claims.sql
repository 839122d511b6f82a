CREATE TABLE "agent_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "claim_agent" text;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "lease_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_notice" ADD CONSTRAINT "agent_notice_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_notice_agent_idx" ON "agent_notice" USING btree ("organization_id","agent_name");--> statement-breakpoint
CREATE INDEX "task_claim_expires_idx" ON "task" USING btree ("claim_expires_at");--> statement-breakpoint
UPDATE "task" SET "claim_agent" = (SELECT "agent_name" FROM "agent_session" WHERE "agent_session"."id" = "task"."claimed_by") WHERE "claimed_by" IS NOT NULL;
