CREATE TYPE "public"."call_back_outcome" AS ENUM('reached', 'no_answer', 'voicemail', 'wrong_number', 'call_back_later');--> statement-breakpoint
CREATE TABLE "call_back_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"outcome" "call_back_outcome" NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_back_attempts" ADD CONSTRAINT "call_back_attempts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_back_attempts" ADD CONSTRAINT "call_back_attempts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_back_attempts_booking_idx" ON "call_back_attempts" USING btree ("booking_id","at");