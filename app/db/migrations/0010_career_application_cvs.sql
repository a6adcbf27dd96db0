CREATE TABLE "career_application_cvs" (
	"id" serial PRIMARY KEY NOT NULL,
	"career_application_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_application_cvs_career_application_id_unique" UNIQUE("career_application_id"),
	CONSTRAINT "career_application_cvs_size" CHECK ("career_application_cvs"."size" > 0 and "career_application_cvs"."size" = octet_length("career_application_cvs"."data"))
);
--> statement-breakpoint
ALTER TABLE "career_application_cvs" ADD CONSTRAINT "career_application_cvs_career_application_id_career_applications_id_fk" FOREIGN KEY ("career_application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: PDF and DOCX are compressed already; store the bytes out of line without trying again.
ALTER TABLE "career_application_cvs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
