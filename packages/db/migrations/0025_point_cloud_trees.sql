ALTER TABLE "deliverables" ADD COLUMN "tree_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tree_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tree_key" text;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tree_error" text;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tree_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "tree_next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "deliverables_tree_due_idx" ON "deliverables" USING btree ("tree_state","tree_next_at");