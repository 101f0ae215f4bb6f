-- user_stats gains the workout totals and the streak. They come from workout_summaries, a row per user that the
-- server rewrites in the transaction of every workout or schedule change, so reading the view stays a key lookup on
-- every profile load and beside every forum author. The streak depends on the user's time zone and planned rest
-- days, which the server computes; the row keeps the instant the run breaks, so the view needs no time zone rules
-- and shows 0 as soon as a streak has lapsed, with no write on that day.
CREATE OR REPLACE VIEW user_stats AS
  SELECT u.id AS user_id,
         u.created_at AS member_since,
         COALESCE(s.total_workouts, 0) AS total_workouts,
         COALESCE(s.total_minutes, 0) AS total_minutes,
         COALESCE(s.total_calories, 0) AS total_calories,
         s.last_workout_at,
         CASE WHEN s.alive_until > now() THEN s.current_run ELSE 0 END AS current_streak,
         COALESCE(s.longest_streak, 0) AS longest_streak
  FROM users u
  LEFT JOIN workout_summaries s ON s.user_id = u.id;
