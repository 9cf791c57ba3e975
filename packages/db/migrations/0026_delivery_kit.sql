CREATE TABLE "share_link_file_opens" (
	"share_link_id" uuid NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_link_file_opens_share_link_id_deliverable_id_pk" PRIMARY KEY("share_link_id","deliverable_id")
);
--> statement-breakpoint
CREATE TABLE "share_link_visitors" (
	"share_link_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "share_link_visitors_share_link_id_visitor_hash_pk" PRIMARY KEY("share_link_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "share_visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_contact_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_contact_email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_contact_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "brand_logo_key" text;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "crc32" bigint;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "presentation" text DEFAULT 'unbranded' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "visitor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "share_link_file_opens" ADD CONSTRAINT "share_link_file_opens_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_file_opens" ADD CONSTRAINT "share_link_file_opens_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_visitors" ADD CONSTRAINT "share_link_visitors_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_visitors_day_idx" ON "share_link_visitors" USING btree ("day");