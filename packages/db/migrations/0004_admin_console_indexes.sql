CREATE INDEX "audit_log_entity_ts_idx" ON "audit_log" USING btree ("entity","ts" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_ts_idx" ON "audit_log" USING btree ("actor_user_id","ts" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_leads_status_created_idx" ON "order_leads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_emails_status_created_idx" ON "outbox_emails" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_applications_status_created_idx" ON "provider_applications" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organizations_type_created_idx" ON "organizations" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_title_trgm_idx" ON "orders" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_location_trgm_idx" ON "orders" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_status_created_idx" ON "support_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);