-- `leads` came with 0021 in the same release: no deployment has written to it yet, so a plain
-- CREATE INDEX (the online build of docs/decisions/0113 is for tables already large).
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_stage_idx";--> statement-breakpoint
DROP INDEX "leads_kind_idx";--> statement-breakpoint
DROP INDEX "leads_source_idx";--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_kind_idx" ON "leads" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree (coalesce("utm_source", "referrer_host", ''),"created_at","id");