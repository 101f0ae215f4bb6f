-- The time zone a workout summary's days were counted in (ADR 033): a change of the user's workouts is applied to the
-- row step by step only while their time zone is still this one. Rows from before have none, so their next change
-- rewrites them from all the workouts, as every change did until now.
ALTER TABLE "workout_summaries" ADD COLUMN "timezone" text;
