CREATE INDEX "notification_task_idx" ON "notification" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "notification_plan_idx" ON "notification" USING btree ("plan_id");