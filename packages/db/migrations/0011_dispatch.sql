CREATE TABLE "provider_availability" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"working_hours" jsonb NOT NULL,
	"blocked_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"jobs_per_day" smallint NOT NULL,
	"bases" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preferred_windows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_notes" text;--> statement-breakpoint
ALTER TABLE "provider_availability" ADD CONSTRAINT "provider_availability_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;