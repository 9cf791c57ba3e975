CREATE TABLE "price_book_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"capture_type" text NOT NULL,
	"space_size" text NOT NULL,
	"currency" text NOT NULL,
	"capture" numeric(12, 2) NOT NULL,
	"processing" numeric(12, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_request_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_user_id" text,
	"from_admin" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "assignee_user_id" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_request_replies" ADD CONSTRAINT "support_request_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_book_entries_key" ON "price_book_entries" USING btree ("capture_type","space_size","currency");--> statement-breakpoint
CREATE INDEX "support_request_replies_request_idx" ON "support_request_replies" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_order_idx" ON "support_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "support_requests_org_created_idx" ON "support_requests" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);