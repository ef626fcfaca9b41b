CREATE TYPE "public"."legal_page_key" AS ENUM('terms', 'privacy', 'imprint');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "legal_key" "legal_page_key";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "leisure_withdrawal_notice" jsonb DEFAULT '{"en":"No right of withdrawal: this booking is for a leisure activity on a fixed date. Under § 312g (2) no. 9 of the German Civil Code (BGB), the statutory right of withdrawal for distance contracts does not apply to it. Your booking is binding once you book; you may cancel only as our terms and conditions provide.","de":"Kein Widerrufsrecht: Diese Buchung betrifft eine Freizeitveranstaltung zu einem festen Termin. Nach § 312g Abs. 2 Nr. 9 BGB besteht dafür kein gesetzliches Widerrufsrecht für Fernabsatzverträge. Ihre Buchung ist mit dem Absenden verbindlich; stornieren können Sie nur nach unseren AGB."}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_legal_key_unique" UNIQUE("legal_key");--> statement-breakpoint
-- Existing installations: the seed named the legal pages by these English slugs (server/db/factories/pages.ts).
UPDATE "pages" SET "legal_key" = 'terms' WHERE "id" = (SELECT "page_id" FROM "page_translations" WHERE "locale" = 'en' AND "slug" = 'terms');--> statement-breakpoint
UPDATE "pages" SET "legal_key" = 'privacy' WHERE "id" = (SELECT "page_id" FROM "page_translations" WHERE "locale" = 'en' AND "slug" = 'privacy');--> statement-breakpoint
UPDATE "pages" SET "legal_key" = 'imprint' WHERE "id" = (SELECT "page_id" FROM "page_translations" WHERE "locale" = 'en' AND "slug" = 'imprint');--> statement-breakpoint
-- A legal page must be reachable (§ 5 DDG): one taken offline before this rule comes back.
UPDATE "pages" SET "published" = true WHERE "legal_key" IS NOT NULL;
