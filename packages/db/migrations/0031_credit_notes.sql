CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer,
	"number" text,
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_org_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"request_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reason" text NOT NULL,
	"reverse_provider_share" boolean DEFAULT false NOT NULL,
	"provider_share_minor" bigint DEFAULT 0 NOT NULL,
	"allocations" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"tax_lines" jsonb NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"failure" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "credit_notes_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_request_unique" UNIQUE("invoice_id","request_key"),
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refunded_within_paid" CHECK ("invoices"."refunded_minor" >= 0 and "invoices"."refunded_minor" <= "invoices"."paid_minor");