CREATE TYPE "public"."vat_treatment" AS ENUM('per_line', 'margin_scheme');--> statement-breakpoint
ALTER TYPE "public"."token_kind" ADD VALUE 'account_activation';--> statement-breakpoint
CREATE TABLE "event_opening_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"locale" "locale" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_slugs" (
	"event_id" uuid NOT NULL,
	"locale" "locale" NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "event_slugs_event_id_locale_pk" PRIMARY KEY("event_id","locale")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "manage_link_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_prices" ADD COLUMN "vat_rate_basis_points" integer DEFAULT 1900 NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "later_details_days_before_event" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "bank_transfer_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "vat_treatment" "vat_treatment" DEFAULT 'margin_scheme' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_opening_notices" ADD CONSTRAINT "event_opening_notices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slugs" ADD CONSTRAINT "event_slugs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_opening_notices_unique" ON "event_opening_notices" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "event_opening_notices_pending_idx" ON "event_opening_notices" USING btree ("event_id") WHERE "event_opening_notices"."notified_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "event_slugs_slug_unique" ON "event_slugs" USING btree ("locale","slug");--> statement-breakpoint
-- Events made before this migration get slugs from their titles (a number appended where two titles meet).
INSERT INTO "event_slugs" ("event_id", "locale", "slug")
SELECT "id", "loc"::"locale", CASE WHEN "rn" > 1 THEN "base" || '-' || "rn" ELSE "base" END
FROM (
  SELECT "id", "loc", "base", row_number() OVER (PARTITION BY "loc", "base" ORDER BY "created_at", "id") AS "rn"
  FROM (
    SELECT e."id", l."loc", e."created_at",
      coalesce(nullif(trim(both '-' from (regexp_replace(replace(replace(replace(replace(lower(coalesce(e."title"->>l."loc", e."title"->>'en', '')), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'), '[^a-z0-9]+', '-', 'g'))), ''), e."id"::text) AS "base"
    FROM "events" e CROSS JOIN (VALUES ('en'), ('de')) AS l("loc")
  ) AS "titled"
) AS "numbered";
