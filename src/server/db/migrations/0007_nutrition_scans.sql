CREATE TABLE "nutrition_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"engine" text,
	"item_count" smallint,
	"analysis_ms" integer,
	"photo_key" text,
	"logged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nutrition_scans_source_check" CHECK ("nutrition_scans"."source" IN ('upload', 'webcam'))
);
--> statement-breakpoint
ALTER TABLE "nutrition_scans" ADD CONSTRAINT "nutrition_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nutrition_scans_user_created_idx" ON "nutrition_scans" USING btree ("user_id","created_at");