ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "unit_system" text DEFAULT 'imperial' NOT NULL;--> statement-breakpoint
-- hand-written: an existing order takes the currency its latest quote was written in, else its organisation's (USD), so what it was quoted stays what it shows (decision 203); new orders always name theirs.
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "currency" = coalesce(
	(SELECT "quotes"."currency" FROM "quotes" WHERE "quotes"."order_id" = "orders"."id" ORDER BY "quotes"."created_at" DESC, "quotes"."id" DESC LIMIT 1),
	(SELECT "organizations"."currency" FROM "organizations" WHERE "organizations"."id" = "orders"."customer_org_id")
);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency" DROP DEFAULT;
