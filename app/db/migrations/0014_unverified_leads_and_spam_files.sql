CREATE TABLE "spam_submission_files" (
	"spam_submission_id" integer PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "verified" boolean;--> statement-breakpoint
ALTER TABLE "spam_submission_files" ADD CONSTRAINT "spam_submission_files_spam_submission_id_spam_submissions_id_fk" FOREIGN KEY ("spam_submission_id") REFERENCES "public"."spam_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A CV quarantined before this change sits inside spam_submissions.data as a JSON list of byte
-- values (a 5 MB file became a 23 MB row): its name, type, size and hash move to
-- spam_submission_files and the list goes, as a file sent with a suspected submission is now
-- handled (docs/decisions/0106). Such a row could not be released with its file anyway.
INSERT INTO "spam_submission_files" ("spam_submission_id", "field", "file_name", "format", "size", "sha256")
SELECT "id", 'cv', "data"->'cv'->>'fileName', "data"->'cv'->>'format', ("data"->'cv'->>'size')::int, "data"->'cv'->>'sha256'
  FROM "spam_submissions"
 WHERE "form" = 'careers'
   AND "data"->'cv'->>'size' ~ '^[0-9]{1,9}$'
   AND "data"->'cv'->>'fileName' IS NOT NULL AND "data"->'cv'->>'format' IS NOT NULL AND "data"->'cv'->>'sha256' IS NOT NULL;--> statement-breakpoint
UPDATE "spam_submissions" SET "data" = "data" - 'cv' WHERE "form" = 'careers' AND "data" ? 'cv';
