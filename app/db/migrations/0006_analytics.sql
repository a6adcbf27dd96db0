CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"form" text,
	"path" text NOT NULL,
	"visitor_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"entry" boolean NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "business_optimizations" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "page_views_visitor_idx" ON "page_views" USING btree ("visitor_hash");