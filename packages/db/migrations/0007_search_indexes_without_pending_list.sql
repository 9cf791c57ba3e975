DROP INDEX "organizations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_title_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_location_trgm_idx";--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "orders_title_trgm_idx" ON "orders" USING gin ("title" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "orders_location_trgm_idx" ON "orders" USING gin ("location" gin_trgm_ops) WITH (fastupdate=off);