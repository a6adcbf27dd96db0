CREATE TABLE "booking_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"hours" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_exceptions_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_hours" integer DEFAULT 24 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"max_per_day" integer,
	"place_kind" text DEFAULT 'link-later' NOT NULL,
	"place_detail" text,
	"feed_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_feed_token_unique" UNIQUE("feed_token"),
	CONSTRAINT "booking_settings_one_row" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_duration" CHECK ("booking_settings"."duration_minutes" in (30, 45, 60)),
	CONSTRAINT "booking_settings_place" CHECK ("booking_settings"."place_kind" in ('video', 'phone', 'link-later'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"occupied" "tstzrange" NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text NOT NULL,
	"message" text,
	"place_kind" text NOT NULL,
	"place_detail" text,
	"manage_token" text NOT NULL,
	"consultation_id" integer,
	"chat_session_id" integer,
	"reminder_day_sent_at" timestamp with time zone,
	"reminder_hour_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"landing_path" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"visit_counted" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_manage_token_unique" UNIQUE("manage_token"),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "bookings_interval" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_one_lead";--> statement-breakpoint
ALTER TABLE "lead_pipeline" DROP CONSTRAINT "lead_pipeline_one_lead";--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_booking_idx" ON "lead_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_booking_uq" ON "lead_pipeline" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_one_lead" CHECK (num_nonnulls("lead_notes"."contact_id", "lead_notes"."consultation_id", "lead_notes"."chat_session_id", "lead_notes"."business_optimization_id", "lead_notes"."career_application_id", "lead_notes"."booking_id") = 1);--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_one_lead" CHECK (num_nonnulls("lead_pipeline"."contact_id", "lead_pipeline"."consultation_id", "lead_pipeline"."chat_session_id", "lead_pipeline"."business_optimization_id", "lead_pipeline"."career_application_id", "lead_pipeline"."booking_id") = 1);--> statement-breakpoint
-- hand-written:
-- No two live bookings hold overlapping time, buffers included (docs/decisions/0081). GiST on a
-- single range column needs no extension (btree_gist is only for mixing in scalar columns).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("occupied" WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_occupied_covers_meeting"
  CHECK ("occupied" @> tstzrange("starts_at", "ends_at", '[)'));
