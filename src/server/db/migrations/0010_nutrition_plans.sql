CREATE TABLE "nutrition_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"dietary_restrictions" text[] NOT NULL,
	"meals_per_day" smallint NOT NULL,
	"calories" integer NOT NULL,
	"locale" text NOT NULL,
	"plan" jsonb NOT NULL,
	"source" text NOT NULL,
	"model" text,
	"fallback_reason" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nutrition_plans_title_check" CHECK (char_length("nutrition_plans"."title") BETWEEN 1 AND 200),
	CONSTRAINT "nutrition_plans_meals_check" CHECK ("nutrition_plans"."meals_per_day" BETWEEN 3 AND 5)
);
--> statement-breakpoint
ALTER TABLE "nutrition_plans" ADD CONSTRAINT "nutrition_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nutrition_plans_user_newest_idx" ON "nutrition_plans" USING btree ("user_id","created_at","id");