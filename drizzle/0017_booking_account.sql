CREATE TYPE "public"."account_payment_state" AS ENUM('unpaid', 'partial', 'paid', 'overpaid', 'nothing_due');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'bank_transfer', 'cash', 'other');--> statement-breakpoint
DROP INDEX "bookings_staff_payment_state_idx";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "provider_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_due_on" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_state" "account_payment_state" DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "channel" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paid_out_on" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "bookings_staff_payment_state_idx" ON "bookings" USING btree ("payment_state","submitted_at","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
-- Backfill (decision 067): what the ledger already says, in the operator's time zone.
UPDATE "payments" SET "method" = 'bank_transfer' WHERE "provider" = 'bank_transfer';--> statement-breakpoint
UPDATE "payments" SET "received_on" = ("succeeded_at" AT TIME ZONE 'Europe/Berlin')::date WHERE "succeeded_at" IS NOT NULL;--> statement-breakpoint
UPDATE "refunds" SET "paid_out_on" = ("created_at" AT TIME ZONE 'Europe/Berlin')::date;--> statement-breakpoint
-- The deposit's due date: the booking day by card, the transfer's date by invoice (or a verified request), none while in review.
UPDATE "bookings" AS b SET "deposit_due_on" = CASE
    WHEN b."payment_option" = 'invoice' OR (b."payment_option" = 'sma' AND b."sma_status" = 'verified') THEN GREATEST(
      (b."submitted_at" AT TIME ZONE 'Europe/Berlin')::date,
      LEAST((b."submitted_at" AT TIME ZONE 'Europe/Berlin')::date + s."bank_transfer_due_days", COALESCE(b."remainder_due_on", e."starts_on"), e."starts_on"))
    WHEN b."payment_option" = 'sma' THEN NULL
    ELSE (b."submitted_at" AT TIME ZONE 'Europe/Berlin')::date
  END
  FROM "events" AS e, (SELECT "bank_transfer_due_days" FROM "sites" ORDER BY "id" LIMIT 1) AS s
  WHERE e."id" = b."event_id" AND b."submitted_at" IS NOT NULL;--> statement-breakpoint
-- Net paid: money that arrived less what went back (bookings with a ledger; a hand-made row keeps its figure).
UPDATE "bookings" AS b SET "paid_cents" = l."net" FROM (
    SELECT p."booking_id",
      SUM(CASE WHEN p."status" IN ('succeeded', 'refund_pending', 'refunded') THEN p."amount_cents" ELSE 0 END)
        - COALESCE((SELECT SUM(r."amount_cents") FROM "refunds" AS r WHERE r."booking_id" = p."booking_id"), 0) AS "net"
    FROM "payments" AS p GROUP BY p."booking_id"
  ) AS l WHERE l."booking_id" = b."id";--> statement-breakpoint
-- A cancelled booking kept what was not given back.
UPDATE "bookings" SET "cancellation_fee_cents" = LEAST("paid_cents", "total_cents") WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "bookings" SET "payment_state" = (CASE
    WHEN "paid_cents" > o."owed" THEN 'overpaid'
    WHEN o."owed" = 0 THEN 'nothing_due'
    WHEN "paid_cents" = 0 THEN 'unpaid'
    WHEN "paid_cents" < o."owed" THEN 'partial'
    ELSE 'paid' END)::"account_payment_state"
  FROM (SELECT "id" AS "booking_id", CASE WHEN "status" = 'cancelled' THEN LEAST(COALESCE("cancellation_fee_cents", 0), "total_cents")
      WHEN "status" IN ('rejected', 'expired') THEN 0 ELSE "total_cents" END AS "owed" FROM "bookings") AS o
  WHERE o."booking_id" = "bookings"."id";
