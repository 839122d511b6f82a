CREATE INDEX "notification_question_idx" ON "notification" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "notification_project_idx" ON "notification" USING btree ("project_id");