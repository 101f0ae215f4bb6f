CREATE TABLE "barcode_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"barcode" text NOT NULL,
	"name" text NOT NULL,
	"serving_grams" double precision NOT NULL,
	"calories" integer NOT NULL,
	"protein" double precision NOT NULL,
	"carbs" double precision NOT NULL,
	"fat" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barcode_products_values_check" CHECK ("barcode_products"."serving_grams" > 0 AND "barcode_products"."calories" BETWEEN 0 AND 10000 AND "barcode_products"."protein" BETWEEN 0 AND 500 AND "barcode_products"."carbs" BETWEEN 0 AND 500 AND "barcode_products"."fat" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "saved_meals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_meals_name_check" CHECK (char_length("saved_meals"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "barcode_products" ADD CONSTRAINT "barcode_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_meals" ADD CONSTRAINT "saved_meals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "barcode_products_user_code_idx" ON "barcode_products" USING btree ("user_id","barcode");--> statement-breakpoint
CREATE INDEX "saved_meals_user_idx" ON "saved_meals" USING btree ("user_id","updated_at" DESC NULLS LAST);