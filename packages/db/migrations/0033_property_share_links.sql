ALTER TABLE "share_links" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "property_key" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "property_id" text;--> statement-breakpoint
CREATE INDEX "orders_customer_property_created_idx" ON "orders" USING btree ("customer_org_id","property_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "share_links_property_created_idx" ON "share_links" USING btree ("organization_id","property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_one_subject" CHECK (("share_links"."order_id" is null) <> ("share_links"."property_id" is null));