CREATE TABLE "booking_access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" RENAME COLUMN "preview_token" TO "preview_token_hash";--> statement-breakpoint
ALTER TABLE "blog_posts" DROP CONSTRAINT "blog_posts_preview_token_unique";--> statement-breakpoint
ALTER TABLE "booking_settings" DROP CONSTRAINT "booking_settings_feed_token_unique";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_manage_token_unique";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "preview_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "feed_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_access_tokens" ADD CONSTRAINT "booking_access_tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_access_tokens_booking_idx" ON "booking_access_tokens" USING btree ("booking_id");--> statement-breakpoint
-- Links handed out before this migration keep working until they expire (docs/decisions/0109): each
-- plain token becomes its SHA-256 (hex, as app/domain/access-tokens.server.ts hashes), and the
-- preview links and the feed start their lifetime now (30 days, 1 year).
UPDATE "blog_posts" SET "preview_token_hash" = encode(sha256(convert_to("preview_token_hash", 'UTF8')), 'hex'), "preview_expires_at" = now() + interval '30 days' WHERE "preview_token_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "booking_settings" SET "feed_token_hash" = encode(sha256(convert_to("feed_token", 'UTF8')), 'hex'), "feed_expires_at" = now() + interval '365 days' WHERE "feed_token" IS NOT NULL;--> statement-breakpoint
INSERT INTO "booking_access_tokens" ("booking_id", "token_hash", "created_at") SELECT "id", encode(sha256(convert_to("manage_token", 'UTF8')), 'hex'), "created_at" FROM "bookings";--> statement-breakpoint
-- A booking's first answer, replayed to a repeated submission, held its token: no longer (a replay gets a new link).
UPDATE "submission_keys" SET "result" = "result" - 'token' WHERE "form" = 'booking';--> statement-breakpoint
ALTER TABLE "booking_settings" DROP COLUMN "feed_token";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "manage_token";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_preview_token_hash_unique" UNIQUE("preview_token_hash");--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_feed_token_hash_unique" UNIQUE("feed_token_hash");
