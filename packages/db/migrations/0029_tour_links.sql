ALTER TABLE "feature_flags" ADD COLUMN "tour_hosts" jsonb;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tour_url" text;