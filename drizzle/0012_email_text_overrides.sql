CREATE TABLE "email_text_overrides" (
	"template" text NOT NULL,
	"locale" "locale" NOT NULL,
	"field" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_text_overrides_template_locale_field_pk" PRIMARY KEY("template","locale","field")
);
--> statement-breakpoint
ALTER TABLE "email_text_overrides" ADD CONSTRAINT "email_text_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;