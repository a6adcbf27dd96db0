CREATE TABLE "submission_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
