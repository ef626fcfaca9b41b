CREATE INDEX "bookings_staff_submitted_idx" ON "bookings" USING btree ("submitted_at","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "bookings_staff_event_idx" ON "bookings" USING btree ("event_id","submitted_at","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "bookings_staff_status_idx" ON "bookings" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "bookings_staff_payment_option_idx" ON "bookings" USING btree ("payment_option","submitted_at","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "bookings_staff_payment_state_idx" ON "bookings" USING btree ((CASE WHEN "paid_cents" = 0 THEN 'unpaid' WHEN "paid_cents" < "total_cents" THEN 'partial' WHEN "paid_cents" = "total_cents" THEN 'paid' ELSE 'overpaid' END),"submitted_at","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "bookings_staff_total_idx" ON "bookings" USING btree ("total_cents","id") WHERE "bookings"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "outbox_emails_booking_code_idx" ON "outbox_emails" USING btree (("payload" ->> 'code'));--> statement-breakpoint
CREATE INDEX "participants_email_prefix_idx" ON "participants" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_name_prefix_idx" ON "participants" USING btree (lower(coalesce("forename", '') || ' ' || coalesce("surname", '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_surname_prefix_idx" ON "participants" USING btree (lower("surname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_phone_prefix_idx" ON "participants" USING btree (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_main_name_idx" ON "participants" USING btree (lower("surname"),lower("forename"),"booking_id") WHERE "participants"."role" = 'main';