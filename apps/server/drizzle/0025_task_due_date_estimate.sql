ALTER TABLE "task" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "estimate" integer;