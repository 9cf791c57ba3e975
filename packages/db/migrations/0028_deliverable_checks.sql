CREATE TABLE "deliverable_checks" (
	"deliverable_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"override_reason" text,
	"override_by" text,
	"override_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deliverable_checks" ADD CONSTRAINT "deliverable_checks_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_checks" ADD CONSTRAINT "deliverable_checks_override_by_user_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliverable_checks_due_idx" ON "deliverable_checks" USING btree ("state","next_at");