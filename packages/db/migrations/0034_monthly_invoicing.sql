CREATE TABLE "monthly_invoice_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"customer_org_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"tax_minor" bigint,
	"accepted_at" timestamp with time zone NOT NULL,
	"invoice_id" uuid,
	CONSTRAINT "monthly_invoice_orders_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "organization_billing" ADD COLUMN "monthly_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_billing" ADD COLUMN "monthly_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_billing" ADD COLUMN "monthly_approved_by" text;--> statement-breakpoint
ALTER TABLE "monthly_invoice_orders" ADD CONSTRAINT "monthly_invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_invoice_orders_open_idx" ON "monthly_invoice_orders" USING btree ("customer_org_id","currency","accepted_at");--> statement-breakpoint
CREATE INDEX "monthly_invoice_orders_invoice_idx" ON "monthly_invoice_orders" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_order_or_monthly" CHECK (("invoices"."kind" = 'monthly' and "invoices"."order_id" is null and "invoices"."quote_id" is null and "invoices"."period" is not null) or ("invoices"."kind" <> 'monthly' and "invoices"."order_id" is not null and "invoices"."quote_id" is not null and "invoices"."period" is null));