CREATE TABLE "review_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"deliverable_id" uuid,
	"body" text NOT NULL,
	"pin" jsonb,
	"author_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "auto_approve_deliveries" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "auto_approve_after_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_comments_order_idx" ON "review_comments" USING btree ("order_id","round","created_at");--> statement-breakpoint
CREATE INDEX "deliverables_order_name_idx" ON "deliverables" USING btree ("order_id","file_name","version" DESC NULLS LAST);