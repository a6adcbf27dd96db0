ALTER TABLE "leads" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merged_into_id_leads_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
-- leads_email_domain_idx and leads_merged_into_idx are built online after the migrations (app/db/online-indexes.ts, docs/decisions/0113).
