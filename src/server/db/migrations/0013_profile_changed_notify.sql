-- Every instance keeps the signed-in users' profiles (and GET /api/me) in memory (ADR 019). Any change to a row they
-- are made of announces the account on the channel profile_changed, whoever makes it (a handler, a billing webhook,
-- the auth library, a job, an edit by hand): each instance listening drops its copy. The notification goes out when
-- the transaction commits, and not at all when it rolls back. Payload: the account id (auth_user.id).
-- TG_ARGV[0] names the column holding the account id, or, with TG_ARGV[1] = 'profile', the profile id to look it up by.
CREATE OR REPLACE FUNCTION notify_profile_changed() RETURNS trigger AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  account text := changed ->> TG_ARGV[0];
BEGIN
  IF TG_NARGS > 1 THEN
    SELECT auth_id INTO account FROM users WHERE id = account::uuid;
  END IF;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('profile_changed', account);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_profile_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('auth_id');
--> statement-breakpoint
CREATE TRIGGER auth_user_profile_changed AFTER UPDATE ON auth_user
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('id');
--> statement-breakpoint
CREATE TRIGGER auth_account_profile_changed AFTER INSERT OR UPDATE OR DELETE ON auth_account
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_preferences_profile_changed AFTER INSERT OR UPDATE OR DELETE ON user_preferences
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('user_id', 'profile');
--> statement-breakpoint
CREATE TRIGGER fitness_goals_profile_changed AFTER INSERT OR UPDATE OR DELETE ON fitness_goals
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('user_id', 'profile');
--> statement-breakpoint
CREATE TRIGGER community_settings_profile_changed AFTER INSERT OR UPDATE OR DELETE ON community_settings
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('user_id', 'profile');
--> statement-breakpoint
CREATE TRIGGER workout_summaries_profile_changed AFTER INSERT OR UPDATE OR DELETE ON workout_summaries
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed('user_id', 'profile');
