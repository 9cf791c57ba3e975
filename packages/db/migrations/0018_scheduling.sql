CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dispatch_cascades" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stopped_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "auto_offer_cascade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "schedule_status" text DEFAULT 'unproposed' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "proposed_windows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "reschedule_reason" text;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cascades" ADD CONSTRAINT "dispatch_cascades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_one_live_idx" ON "calendar_feeds" USING btree ("org_id",coalesce("user_id", '')) WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "assignments_reminder_due_idx" ON "assignments" USING btree ("scheduled_start") WHERE status = 'accepted' and reminder_sent_at is null and scheduled_start is not null;--> statement-breakpoint
-- Jobs confirmed before windows were picked keep their window as confirmed.
UPDATE "assignments" SET "schedule_status" = 'confirmed' WHERE "scheduled_start" IS NOT NULL;
