CREATE TABLE "booking_busy_calendar" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"url_secret" text,
	"url_host" text,
	"etag" text,
	"last_modified" text,
	"calendar_text" text,
	"busy_intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_busy_calendar_one_row" CHECK ("booking_busy_calendar"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "change_cutoff_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "confirm_below_hours" integer;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled'));