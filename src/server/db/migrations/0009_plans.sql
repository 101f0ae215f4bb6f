CREATE TABLE "fitness_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"plan_type" text NOT NULL,
	"fitness_level" text NOT NULL,
	"duration_weeks" smallint NOT NULL,
	"training_days_per_week" smallint NOT NULL,
	"split" text NOT NULL,
	"detail" text NOT NULL,
	"locale" text NOT NULL,
	"input" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"source" text NOT NULL,
	"library_id" uuid,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitness_plans_title_check" CHECK (char_length("fitness_plans"."title") BETWEEN 1 AND 100),
	CONSTRAINT "fitness_plans_duration_check" CHECK ("fitness_plans"."duration_weeks" IN (4, 8, 12)),
	CONSTRAINT "fitness_plans_source_check" CHECK ("fitness_plans"."source" IN ('ai', 'builtin', 'library'))
);
--> statement-breakpoint
CREATE TABLE "plan_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid,
	"source" text,
	"fallback_reason" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fitness_plans" ADD CONSTRAINT "fitness_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_generations" ADD CONSTRAINT "plan_generations_plan_id_fitness_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fitness_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitness_plans_user_newest_idx" ON "fitness_plans" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plan_generations_user_created_idx" ON "plan_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_generations_plan_idx" ON "plan_generations" USING btree ("plan_id");