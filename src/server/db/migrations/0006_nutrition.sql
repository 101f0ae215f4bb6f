CREATE TABLE "nutrition_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"food_name" text NOT NULL,
	"food_id" text,
	"grams" double precision,
	"serving_size" text,
	"calories" integer NOT NULL,
	"protein" double precision,
	"carbs" double precision,
	"fat" double precision,
	"fibre" double precision,
	"meal_type" text NOT NULL,
	"eaten_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nutrition_entries_calories_check" CHECK ("nutrition_entries"."calories" BETWEEN 0 AND 10000),
	CONSTRAINT "nutrition_entries_macros_check" CHECK ("nutrition_entries"."protein" BETWEEN 0 AND 500 AND "nutrition_entries"."carbs" BETWEEN 0 AND 500 AND "nutrition_entries"."fat" BETWEEN 0 AND 500 AND "nutrition_entries"."fibre" BETWEEN 0 AND 500),
	CONSTRAINT "nutrition_entries_grams_check" CHECK ("nutrition_entries"."grams" > 0),
	CONSTRAINT "nutrition_entries_name_check" CHECK (char_length("nutrition_entries"."food_name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "nutrition_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"calories" integer NOT NULL,
	"protein" integer NOT NULL,
	"carbs" integer NOT NULL,
	"fat" integer NOT NULL,
	"fibre" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nutrition_goals_values_check" CHECK ("nutrition_goals"."calories" > 0 AND "nutrition_goals"."protein" >= 0 AND "nutrition_goals"."carbs" >= 0 AND "nutrition_goals"."fat" >= 0 AND "nutrition_goals"."fibre" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nutrition_entries" ADD CONSTRAINT "nutrition_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_goals" ADD CONSTRAINT "nutrition_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nutrition_entries_user_eaten_idx" ON "nutrition_entries" USING btree ("user_id","eaten_at" DESC NULLS LAST,"id" DESC NULLS LAST);