CREATE TABLE "body_entries" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"weight_kg" double precision,
	"body_fat_percent" double precision,
	"waist_cm" double precision,
	"hips_cm" double precision,
	"chest_cm" double precision,
	"arm_cm" double precision,
	"thigh_cm" double precision,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "body_entries_user_id_date_pk" PRIMARY KEY("user_id","date"),
	CONSTRAINT "body_entries_date_check" CHECK ("body_entries"."date" >= '2000-01-01'),
	CONSTRAINT "body_entries_values_check" CHECK ("body_entries"."weight_kg" BETWEEN 30 AND 300 AND "body_entries"."body_fat_percent" BETWEEN 2 AND 75 AND "body_entries"."waist_cm" BETWEEN 30 AND 250 AND "body_entries"."hips_cm" BETWEEN 30 AND 250 AND "body_entries"."chest_cm" BETWEEN 30 AND 250 AND "body_entries"."arm_cm" BETWEEN 10 AND 100 AND "body_entries"."thigh_cm" BETWEEN 20 AND 150),
	CONSTRAINT "body_entries_note_check" CHECK (char_length("body_entries"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "body_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"photo_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "body_entries" ADD CONSTRAINT "body_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_photos" ADD CONSTRAINT "body_photos_user_id_date_body_entries_user_id_date_fk" FOREIGN KEY ("user_id","date") REFERENCES "public"."body_entries"("user_id","date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "body_photos_user_date_idx" ON "body_photos" USING btree ("user_id","date");