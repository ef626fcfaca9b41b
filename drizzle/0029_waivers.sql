CREATE TYPE "public"."waiver_method" AS ENUM('drawn', 'ticked', 'paper');--> statement-breakpoint
CREATE TABLE "event_waivers" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"waiver_id" uuid NOT NULL,
	"person_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"text_hash" text NOT NULL,
	"method" "waiver_method" NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date,
	"signature_png" text,
	"ip_address" text,
	"user_agent" text,
	"recorded_by" text,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_text_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"waiver_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"hashes" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_waivers" ADD CONSTRAINT "event_waivers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waivers" ADD CONSTRAINT "event_waivers_waiver_id_waiver_texts_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waiver_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_version_id_waiver_text_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."waiver_text_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_text_versions" ADD CONSTRAINT "waiver_text_versions_waiver_id_waiver_texts_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waiver_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_signatures_participant_unique" ON "waiver_signatures" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "waiver_signatures_booking_idx" ON "waiver_signatures" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_text_versions_number_unique" ON "waiver_text_versions" USING btree ("waiver_id","version");