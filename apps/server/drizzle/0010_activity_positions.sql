CREATE TABLE "activity_position" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"last_position" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "activity_organization_seq_idx";--> statement-breakpoint
DROP INDEX "activity_project_seq_idx";--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "position" bigint;--> statement-breakpoint
-- Rows written before positions existed are numbered in their sequence order, per organisation.
UPDATE "activity" SET "position" = numbered."position"
FROM (
	SELECT "seq", row_number() OVER (PARTITION BY "organization_id" ORDER BY "seq") AS "position"
	FROM "activity"
) AS numbered
WHERE "activity"."seq" = numbered."seq";--> statement-breakpoint
ALTER TABLE "activity" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
INSERT INTO "activity_position" ("organization_id", "last_position")
SELECT "organization_id", max("position") FROM "activity" GROUP BY "organization_id";--> statement-breakpoint
ALTER TABLE "activity_position" ADD CONSTRAINT "activity_position_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_organization_position_idx" ON "activity" USING btree ("organization_id","position");--> statement-breakpoint
CREATE INDEX "activity_project_position_idx" ON "activity" USING btree ("project_id","position");
