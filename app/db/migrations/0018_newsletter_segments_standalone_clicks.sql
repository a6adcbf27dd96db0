-- A new table and nullable columns (docs/decisions/0131): nothing here rewrites or locks a large table, so
-- the new primary key stays in this migration (docs/decisions/0113).
CREATE TABLE "newsletter_links" (
	"edition_id" integer NOT NULL,
	"link_index" integer NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_links_edition_id_link_index_pk" PRIMARY KEY("edition_id","link_index")
);
--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "segment" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "topics" integer[];--> statement-breakpoint
ALTER TABLE "newsletter_links" ADD CONSTRAINT "newsletter_links_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;