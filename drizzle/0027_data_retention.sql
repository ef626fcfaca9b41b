ALTER TABLE "bookings" ADD COLUMN "answers_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "upload_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "answer_retention_days" integer DEFAULT 365 NOT NULL;