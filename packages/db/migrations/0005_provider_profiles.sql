CREATE TABLE "provider_profiles" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"contact_email" text,
	"phone" text,
	"availability" text,
	"service_regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"notification_preferences" jsonb DEFAULT '{"newProjectAssignments":true,"projectUpdates":true,"paymentNotifications":true}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;