ALTER TABLE "business_optimizations" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
-- hand-written: a lead stored with no attribution at all had no counted visit (docs/decisions/0085);
-- the others keep null (recorded before the flag existed) and count as with a visit, as before.
UPDATE "contacts" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "consultations" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "business_optimizations" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "career_applications" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "chat_sessions" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "visit_counted" = false WHERE "landing_path" IS NULL AND "referrer_host" IS NULL AND "utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL;
