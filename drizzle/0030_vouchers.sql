CREATE TYPE "public"."voucher_discount_kind" AS ENUM('amount', 'percent');--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"email" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"discount_kind" "voucher_discount_kind" NOT NULL,
	"discount_value" integer NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"event_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_times_used_non_negative" CHECK ("vouchers"."times_used" >= 0),
	CONSTRAINT "vouchers_discount_value_positive" CHECK ("vouchers"."discount_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voucher_discount" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_email_idx" ON "voucher_redemptions" USING btree ("voucher_id","email");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_booking_idx" ON "voucher_redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_unique" ON "vouchers" USING btree ("code");