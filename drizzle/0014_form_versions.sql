CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"published_by_email" text
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_item_id_form_items_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "form_version_id" uuid;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_number_unique" ON "form_versions" USING btree ("form_id","number");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill (decision 036): version 1 of every existing form, snapshotted from its current pages and
-- items in the definition's shape (core/contracts/form-definitions.ts), and every booking pointed at it.
INSERT INTO "form_versions" ("form_id", "number", "definition", "published_at")
SELECT "f"."id", 1, jsonb_build_object('pages', COALESCE((
  SELECT jsonb_agg(jsonb_build_object(
    'uuid', "p"."id",
    'title', "p"."title",
    'items', COALESCE((
      SELECT jsonb_agg(jsonb_build_object(
        'uuid', "i"."id", 'parent_uuid', "i"."parent_id", 'kind', "i"."kind", 'name', "i"."name",
        'label', "i"."label", 'help', "i"."help", 'required', "i"."required", 'options', "i"."options"
      ) ORDER BY "i"."position")
      FROM "form_items" "i" WHERE "i"."page_id" = "p"."id"), '[]'::jsonb)
  ) ORDER BY "p"."position")
  FROM "form_pages" "p" WHERE "p"."form_id" = "f"."id"), '[]'::jsonb)), now()
FROM "forms" "f";--> statement-breakpoint
UPDATE "bookings" SET "form_version_id" = "v"."id" FROM "form_versions" "v" WHERE "v"."form_id" = "bookings"."form_id" AND "v"."number" = 1;
