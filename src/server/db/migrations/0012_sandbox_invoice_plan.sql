ALTER TABLE "sandbox_invoices" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD COLUMN "interval" text;