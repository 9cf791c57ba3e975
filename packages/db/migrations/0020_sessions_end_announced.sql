-- hand-written: every ended session (signed out, revoked, replaced at a password change, its user removed, expired and deleted) is announced on the `sessions_ended` channel with its id, so that every instance closes that session's open streams at once (decision 176).
CREATE FUNCTION "sessions_announce_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('sessions_ended', OLD."id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_end_delete" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "sessions_announce_end"();
