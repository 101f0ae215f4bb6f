-- Every authentication account gets its product profile in the same transaction as the account itself: tier free,
-- status active, name = the full name given at sign-up, else the part of the email before the @.
CREATE OR REPLACE FUNCTION create_user_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO users (auth_id, email, name)
  VALUES (NEW.id, NEW.email, COALESCE(NULLIF(btrim(NEW.name), ''), split_part(NEW.email, '@', 1)));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_user_create_profile AFTER INSERT ON auth_user
  FOR EACH ROW EXECUTE FUNCTION create_user_profile();
--> statement-breakpoint
-- The profile follows an email change of its account.
CREATE OR REPLACE FUNCTION sync_user_profile_email() RETURNS trigger AS $$
BEGIN
  UPDATE users SET email = NEW.email, updated_at = now() WHERE auth_id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_user_sync_profile_email AFTER UPDATE OF email ON auth_user
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION sync_user_profile_email();
--> statement-breakpoint
CREATE VIEW user_stats AS
  SELECT u.id AS user_id, u.created_at AS member_since FROM users u;
