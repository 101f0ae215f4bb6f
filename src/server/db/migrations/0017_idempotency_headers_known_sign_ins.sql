CREATE TABLE "known_sign_ins" (
	"user_id" text NOT NULL,
	"place" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_ins_user_id_place_pk" PRIMARY KEY("user_id","place")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "known_sign_ins" ADD CONSTRAINT "known_sign_ins_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;