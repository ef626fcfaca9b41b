ALTER TABLE "tokens" ADD COLUMN "rotated_by_client" text;--> statement-breakpoint
CREATE INDEX "tokens_family_idx" ON "tokens" USING btree ("family_id");