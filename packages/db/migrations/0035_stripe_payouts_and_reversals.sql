CREATE TABLE "share_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_key" text NOT NULL,
	"source" text NOT NULL,
	"credit_note_id" uuid,
	"payable_entry_id" uuid NOT NULL,
	"provider_org_id" uuid NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"stripe_reversal_id" text,
	"failure_reason" text,
	"ledger_entry_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "scheduled_stripe_payouts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "schedule_slot" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_reversals" ADD CONSTRAINT "share_reversals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_reversals_request_key_unique" ON "share_reversals" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "share_reversals_payable_idx" ON "share_reversals" USING btree ("payable_entry_id");--> statement-breakpoint
CREATE INDEX "share_reversals_payout_idx" ON "share_reversals" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "share_reversals_credit_note_idx" ON "share_reversals" USING btree ("credit_note_id");--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_schedule_slot_unique" UNIQUE("schedule_slot");