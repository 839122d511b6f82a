CREATE TABLE "plan_revision" (
	"plan_id" text NOT NULL,
	"revision" integer NOT NULL,
	"author_type" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_revision_plan_id_revision_pk" PRIMARY KEY("plan_id","revision")
);
--> statement-breakpoint
ALTER TABLE "plan_revision" ADD CONSTRAINT "plan_revision_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE cascade ON UPDATE no action;