CREATE TABLE "plan_adaptations" (
	"plan_id" uuid NOT NULL,
	"week_number" smallint NOT NULL,
	"exercise_id" text NOT NULL,
	"kind" text NOT NULL,
	"note_key" text NOT NULL,
	"note_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_adaptations_plan_id_week_number_exercise_id_pk" PRIMARY KEY("plan_id","week_number","exercise_id"),
	CONSTRAINT "plan_adaptations_kind_check" CHECK ("plan_adaptations"."kind" IN ('lighter', 'fewer_sets'))
);
--> statement-breakpoint
CREATE TABLE "plan_swaps" (
	"plan_id" uuid NOT NULL,
	"exercise_id" text NOT NULL,
	"replacement_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_swaps_plan_id_exercise_id_pk" PRIMARY KEY("plan_id","exercise_id"),
	CONSTRAINT "plan_swaps_different_check" CHECK ("plan_swaps"."exercise_id" <> "plan_swaps"."replacement_id")
);
--> statement-breakpoint
ALTER TABLE "workout_sets" ADD COLUMN "rpe" real;--> statement-breakpoint
ALTER TABLE "plan_adaptations" ADD CONSTRAINT "plan_adaptations_plan_id_fitness_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fitness_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_swaps" ADD CONSTRAINT "plan_swaps_plan_id_fitness_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fitness_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_sets" ADD CONSTRAINT "workout_sets_rpe_check" CHECK ("workout_sets"."rpe" BETWEEN 1 AND 10);