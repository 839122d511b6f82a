ALTER TABLE "project" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A project named its template; it now points at the template of its organization with that name.
UPDATE "project" SET "template_id" = "template"."id" FROM "template" WHERE "template"."organization_id" = "project"."organization_id" AND "template"."name" = "project"."template";--> statement-breakpoint
ALTER TABLE "project" DROP COLUMN "template";
