ALTER TABLE "bookings" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (decision 067): a refund on a standing booking beyond what was overpaid lowered what it owes.
UPDATE "bookings" AS b SET "credited_cents" = GREATEST(0, l."refunded" - GREATEST(0, l."gross" - b."total_cents")) FROM (
    SELECT p."booking_id",
      SUM(CASE WHEN p."status" IN ('succeeded', 'refund_pending', 'refunded') THEN p."amount_cents" ELSE 0 END) AS "gross",
      COALESCE((SELECT SUM(r."amount_cents") FROM "refunds" AS r WHERE r."booking_id" = p."booking_id"), 0) AS "refunded"
    FROM "payments" AS p GROUP BY p."booking_id"
  ) AS l WHERE l."booking_id" = b."id" AND b."status" NOT IN ('cancelled', 'rejected', 'expired', 'draft');--> statement-breakpoint
UPDATE "bookings" SET "payment_state" = (CASE
    WHEN "paid_cents" > GREATEST(0, "total_cents" - "credited_cents") THEN 'overpaid'
    WHEN GREATEST(0, "total_cents" - "credited_cents") = 0 THEN 'nothing_due'
    WHEN "paid_cents" = 0 THEN 'unpaid'
    WHEN "paid_cents" < GREATEST(0, "total_cents" - "credited_cents") THEN 'partial'
    ELSE 'paid' END)::"account_payment_state"
  WHERE "credited_cents" > 0;
