ALTER TABLE "rule_set" ADD COLUMN "architect_yaml" text;--> statement-breakpoint
ALTER TABLE "rule_set" ADD COLUMN "rules_yaml" text;