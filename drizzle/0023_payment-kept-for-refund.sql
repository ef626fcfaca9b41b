ALTER TABLE "payments" ADD COLUMN "kept_for_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Payments kept for refund before this column: their audit row says so (payments.ts, event kept_for_refund).
UPDATE "payments" SET "kept_for_refund" = true WHERE "id" IN (SELECT "payment_id" FROM "booking_events" WHERE "subject" = 'payment' AND "payment_id" IS NOT NULL AND "details"->>'event' = 'kept_for_refund');
