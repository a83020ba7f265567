-- hand-written
-- A change to a session (ended, extended) or to a person (role, verified address,
-- two-factor sign-in, name, deletion) is announced on the channel `session_changes`
-- when its transaction commits (PostgreSQL sends one notice per transaction and
-- channel): every server process listening there empties the sessions it keeps
-- (plugins/session.ts), whichever process, tool or hand made the change. New sessions
-- are not announced: no process keeps a session it has not found.
CREATE OR REPLACE FUNCTION announce_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_changes', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_changes AFTER UPDATE ON "session"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER session_deletes AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER session_truncates AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_changes AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_deletes AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER user_truncates AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
