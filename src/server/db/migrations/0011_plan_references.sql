-- A workout's week and day mean nothing without its plan: when the plan reference goes (the plan deleted, or the
-- reference dropped), they go with it, which also keeps workouts_plan_day_check true under ON DELETE SET NULL.
CREATE OR REPLACE FUNCTION workouts_drop_plan_day() RETURNS trigger AS $$
BEGIN
  NEW.week_number := NULL;
  NEW.day_number := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER workouts_plan_gone BEFORE UPDATE OF plan_id ON workouts
  FOR EACH ROW WHEN (NEW.plan_id IS NULL) EXECUTE FUNCTION workouts_drop_plan_day();
--> statement-breakpoint
-- References written before this migration may name a plan since deleted, or another user's plan: they go, so the
-- foreign keys below can be added.
UPDATE workouts w SET plan_id = NULL
  WHERE plan_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM fitness_plans p WHERE p.id = w.plan_id AND p.user_id = w.user_id);
--> statement-breakpoint
UPDATE training_schedules s SET plan_id = NULL
  WHERE plan_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM fitness_plans p WHERE p.id = s.plan_id AND p.user_id = s.user_id);
--> statement-breakpoint
ALTER TABLE "training_schedules" ADD CONSTRAINT "training_schedules_plan_id_fitness_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fitness_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_plan_id_fitness_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fitness_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workouts_plan_idx" ON "workouts" USING btree ("plan_id");