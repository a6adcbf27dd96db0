-- Deals (docs/decisions/0142): `leads` came with 0021 in this same unreleased line of work, so its
-- indexes and check are built here, plainly (as 0022's; the online build of 0113 is for tables
-- already large). Leads won or lost before this migration keep closed_at null: when is unknown.
CREATE TABLE "stage_probabilities" (
	"stage" text PRIMARY KEY NOT NULL,
	"probability" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_probabilities_range" CHECK ("stage_probabilities"."probability" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "value_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
CREATE INDEX "leads_stage_value_idx" ON "leads" USING btree ("stage","value_cents");--> statement-breakpoint
CREATE INDEX "leads_stage_updated_idx" ON "leads" USING btree ("stage","updated_at","id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_value_cents_range" CHECK ("leads"."value_cents" between 0 and 100000000000);