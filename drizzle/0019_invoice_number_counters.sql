CREATE TABLE "invoice_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_last_positive" CHECK ("invoice_number_counters"."last_number" > 0)
);
--> statement-breakpoint
-- Each year counts on from its highest number issued so far, so no number is ever given twice.
INSERT INTO "invoice_number_counters" ("year", "last_number")
SELECT substring("number" from 5 for 4)::integer, max(substring("number" from 10)::integer)
FROM "invoices"
WHERE "number" ~ '^INV-[0-9]{4}-[0-9]+$'
GROUP BY 1;--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";