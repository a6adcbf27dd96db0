CREATE TABLE "blog_post_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"restored_from" integer,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"category_id" integer,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"meta_title" text,
	"meta_description" text,
	"social_image_url" text,
	"canonical_url" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "preview_token" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "pending_revision_id" integer;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_revisions_post_idx" ON "blog_post_revisions" USING btree ("post_id","id");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_pending_revision_id_blog_post_revisions_id_fk" FOREIGN KEY ("pending_revision_id") REFERENCES "public"."blog_post_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at") WHERE "blog_posts"."published" = false and "blog_posts"."publish_at" is not null;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_preview_token_unique" UNIQUE("preview_token");--> statement-breakpoint
-- Posts written before this migration: a preview link each, and their current text as the first revision.
UPDATE "blog_posts" SET "preview_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') WHERE "preview_token" IS NULL;--> statement-breakpoint
INSERT INTO "blog_post_revisions" ("post_id", "kind", "title", "slug", "category_id", "summary", "content", "image_url", "author", "created_at")
SELECT "id", 'create', "title", "slug", "category_id", "summary", "content", "image_url", 'sistema', "updated_at" FROM "blog_posts";
