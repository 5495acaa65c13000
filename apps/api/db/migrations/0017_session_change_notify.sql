-- Each instance may keep the answer of the per-request session check in memory (the session
-- cache, apps/api/src/security/session-cache.ts). Whatever changes that answer — a session
-- revoked or limited, an account locked or relinked, a record renamed, an employee leaving or
-- moving to another position, a position's portal role — tells every instance through
-- NOTIFY, whichever code path or tool made the change: the notification is sent when the
-- transaction commits, and each instance then forgets what it kept. Statement-level triggers:
-- one notification per statement, and PostgreSQL sends identical ones of a transaction once.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_session_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OF id, user_id, revoked_at, revoked_reason,
  absolute_expires_at, mfa_enrolment_only OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OR DELETE OR TRUNCATE ON "app_user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OF id, patient_id, first_name, last_name
  OR DELETE OR TRUNCATE ON "patient"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OR DELETE OR TRUNCATE ON "employee"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OR DELETE OR TRUNCATE ON "position"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
