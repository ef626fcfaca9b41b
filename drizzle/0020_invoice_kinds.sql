CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'cancellation');--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_booking_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" "invoice_kind" DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancels_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_cents" integer;--> statement-breakpoint
-- Invoices issued before carry their total in the snapshot.
UPDATE "invoices" SET "total_cents" = coalesce(("data"->>'totalCents')::integer, 0);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_invoice_id_invoices_id_fk" FOREIGN KEY ("cancels_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_invoice_id_unique" UNIQUE("cancels_invoice_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancellation_refers" CHECK (("invoices"."kind" = 'cancellation') = ("invoices"."cancels_invoice_id" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_not_negative" CHECK ("invoices"."total_cents" >= 0);