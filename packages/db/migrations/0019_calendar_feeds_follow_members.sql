-- Feeds of members removed before the key existed go the way their accounts went.
DELETE FROM "calendar_feeds" WHERE "user_id" IS NOT NULL AND "user_id" NOT IN (SELECT "id" FROM "user");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;