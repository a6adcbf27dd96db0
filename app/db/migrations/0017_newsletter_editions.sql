-- New tables and a nullable column (docs/decisions/0128): nothing here rewrites or locks a large table, so
-- their indexes stay in this migration (docs/decisions/0113).
CREATE TABLE "newsletter_edition_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"email" varchar(320) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"last_error_code" integer,
	"unsubscribe_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_edition_recipients_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE TABLE "newsletter_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer,
	"subject" text NOT NULL,
	"html" text,
	"text" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"next_send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_editions_post_id_unique" UNIQUE("post_id")
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_edition_recipients" ADD CONSTRAINT "newsletter_edition_recipients_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_edition_recipients" ADD CONSTRAINT "newsletter_edition_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD CONSTRAINT "newsletter_editions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_edition_recipients_once_idx" ON "newsletter_edition_recipients" USING btree ("edition_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_edition_recipients_due_idx" ON "newsletter_edition_recipients" USING btree ("edition_id","status","id");--> statement-breakpoint
CREATE INDEX "newsletter_edition_recipients_email_idx" ON "newsletter_edition_recipients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_editions_status_idx" ON "newsletter_editions" USING btree ("status");