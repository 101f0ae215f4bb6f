CREATE TABLE "training_schedules" (
	"user_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"training_days" text[],
	"plan_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_schedules_user_id_effective_from_pk" PRIMARY KEY("user_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "workout_exercises" (
	"workout_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"exercise_id" text,
	"custom_name" text,
	"notes" text,
	CONSTRAINT "workout_exercises_workout_id_position_pk" PRIMARY KEY("workout_id","position"),
	CONSTRAINT "workout_exercises_kind_check" CHECK (("workout_exercises"."exercise_id" IS NULL) <> ("workout_exercises"."custom_name" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "workout_sets" (
	"workout_id" uuid NOT NULL,
	"exercise_position" smallint NOT NULL,
	"position" smallint NOT NULL,
	"reps" integer,
	"weight_kg" double precision,
	"duration_seconds" integer,
	"distance_meters" double precision,
	"completed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "workout_sets_workout_id_exercise_position_position_pk" PRIMARY KEY("workout_id","exercise_position","position"),
	CONSTRAINT "workout_sets_measure_check" CHECK ("workout_sets"."reps" IS NOT NULL OR "workout_sets"."duration_seconds" IS NOT NULL OR "workout_sets"."distance_meters" IS NOT NULL),
	CONSTRAINT "workout_sets_values_check" CHECK ("workout_sets"."reps" >= 0 AND "workout_sets"."weight_kg" >= 0 AND "workout_sets"."duration_seconds" > 0 AND "workout_sets"."distance_meters" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workout_summaries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total_workouts" integer DEFAULT 0 NOT NULL,
	"total_minutes" integer DEFAULT 0 NOT NULL,
	"total_calories" integer DEFAULT 0 NOT NULL,
	"last_workout_at" timestamp with time zone,
	"current_run" integer DEFAULT 0 NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"alive_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"plan_id" uuid,
	"week_number" smallint,
	"day_number" smallint,
	"started_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"calories_burned" integer NOT NULL,
	"body_weight_kg" double precision NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workouts_duration_check" CHECK ("workouts"."duration_minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "workouts_calories_check" CHECK ("workouts"."calories_burned" >= 0),
	CONSTRAINT "workouts_plan_day_check" CHECK (("workouts"."week_number" IS NULL AND "workouts"."day_number" IS NULL) OR "workouts"."plan_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "training_schedules" ADD CONSTRAINT "training_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_exercises" ADD CONSTRAINT "workout_exercises_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sets" ADD CONSTRAINT "workout_sets_exercise_fk" FOREIGN KEY ("workout_id","exercise_position") REFERENCES "public"."workout_exercises"("workout_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_summaries" ADD CONSTRAINT "workout_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workouts_user_started_idx" ON "workouts" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);