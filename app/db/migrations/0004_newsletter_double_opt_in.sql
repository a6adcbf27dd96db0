ALTER TABLE "newsletter_subscribers" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "consented_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "consented_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;