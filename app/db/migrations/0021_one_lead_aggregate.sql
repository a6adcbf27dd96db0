CREATE SEQUENCE "public"."application_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."consultation_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."contact_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."questionnaire_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lead_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"field" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_files_size" CHECK ("lead_files"."size" > 0 and "lead_files"."size" = octet_length("lead_files"."data"))
);--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"company" text,
	"stage" text NOT NULL,
	"follow_up_on" date,
	"landing_path" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"visit_counted" boolean,
	"verified" boolean,
	"consent_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "application_answers" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"position" text NOT NULL,
	"experience" text NOT NULL,
	"motivation" text NOT NULL,
	"linkedin_url" text,
	"portfolio_url" text
);--> statement-breakpoint
CREATE TABLE "consultation_answers" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"industry_area" text NOT NULL,
	"source" text
);--> statement-breakpoint
CREATE TABLE "contact_answers" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"message" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"position" text,
	"industry_area" text,
	"company_size" text,
	"key_processes" text,
	"process_structure" text,
	"current_challenges" text,
	"bottlenecks" text,
	"short_term_goals" text,
	"long_term_goals" text,
	"optimization_impact" text,
	"data_types" text,
	"data_organization" text,
	"data_quality" text,
	"current_technologies" text,
	"tech_restrictions" text,
	"team_familiarity" text,
	"team_openness" text,
	"success_indicators" text,
	"additional_info" text,
	"budget" text,
	"timeline" text
);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lead_id" integer;--> statement-breakpoint
-- Data: every lead of the six old tables becomes one row of leads (docs/decisions/0135), keeping
-- its old id as its number among its kind's (docs/decisions/0140); lead_pipeline's stage and
-- follow-up become its columns. Stage moves stay where they are: audit rows, named by number.
INSERT INTO "leads" ("kind", "number", "name", "email", "phone", "company", "stage", "follow_up_on", "landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "visit_counted", "verified", "consent_record_id", "created_at", "updated_at")
SELECT 'contatos', x.id, x.name, x.email, x.phone, x.company, coalesce(p.stage, 'novo'), p.follow_up_on,
       x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified,
       -- The policy consent the form recorded in the lead's own transaction (same instant, same address).
       (SELECT min(c.id) FROM consent_records c WHERE c.email = x.email AND c.purpose = 'contact-policy' AND c.created_at = x.created_at),
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM contacts x LEFT JOIN lead_pipeline p ON p.contact_id = x.id
UNION ALL
SELECT 'consultas', x.id, x.name, x.email, x.phone, x.company,
       CASE x.status WHEN 'pending' THEN 'novo' WHEN 'contacted' THEN 'em-contato' WHEN 'proposal_sent' THEN 'proposta-enviada'
                     WHEN 'won' THEN 'ganho' WHEN 'lost' THEN 'perdido' WHEN 'discarded' THEN 'descartado' ELSE 'novo' END,
       p.follow_up_on, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, NULL,
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM consultations x LEFT JOIN lead_pipeline p ON p.consultation_id = x.id
UNION ALL
SELECT 'conversas', x.id, NULL, x.email, x.phone, x.company, coalesce(p.stage, 'novo'), p.follow_up_on,
       x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, NULL,
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM chat_sessions x LEFT JOIN lead_pipeline p ON p.chat_session_id = x.id
 WHERE x.email IS NOT NULL
UNION ALL
SELECT 'questionarios', x.id, x.contact_name, x.email, x.phone, x.company_name, coalesce(p.stage, 'novo'), p.follow_up_on,
       x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, NULL,
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM business_optimizations x LEFT JOIN lead_pipeline p ON p.business_optimization_id = x.id
UNION ALL
SELECT 'candidaturas', x.id, x.name, x.email, x.phone, NULL, coalesce(p.stage, 'recebida'), p.follow_up_on,
       x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, NULL,
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM career_applications x LEFT JOIN lead_pipeline p ON p.career_application_id = x.id
UNION ALL
-- A meeting is a lead of its own when it continues none (docs/decisions/0082), or when the lead it
-- continued is not one any more (a conversation whose contact is gone): it is never left without one.
SELECT 'reunioes', x.id, x.name, x.email, x.phone, x.company, coalesce(p.stage, 'novo'), p.follow_up_on,
       x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, NULL, NULL,
       x.created_at, coalesce(p.updated_at, x.created_at)
  FROM bookings x LEFT JOIN lead_pipeline p ON p.booking_id = x.id
 WHERE x.consultation_id IS NULL
   AND NOT EXISTS (SELECT 1 FROM chat_sessions s WHERE s.id = x.chat_session_id AND s.email IS NOT NULL)
 ORDER BY 17, 2;--> statement-breakpoint
INSERT INTO "contact_answers" ("lead_id", "message")
SELECT l.id, x.message FROM contacts x JOIN leads l ON l.kind = 'contatos' AND l.number = x.id;--> statement-breakpoint
INSERT INTO "consultation_answers" ("lead_id", "industry_area", "source")
SELECT l.id, x.industry_area, x.source FROM consultations x JOIN leads l ON l.kind = 'consultas' AND l.number = x.id;--> statement-breakpoint
INSERT INTO "questionnaire_answers" ("lead_id", "position", "industry_area", "company_size", "key_processes", "process_structure", "current_challenges", "bottlenecks", "short_term_goals", "long_term_goals", "optimization_impact", "data_types", "data_organization", "data_quality", "current_technologies", "tech_restrictions", "team_familiarity", "team_openness", "success_indicators", "additional_info", "budget", "timeline")
SELECT l.id, x.position, x.industry_area, x.company_size, x.key_processes, x.process_structure, x.current_challenges, x.bottlenecks, x.short_term_goals, x.long_term_goals, x.optimization_impact, x.data_types, x.data_organization, x.data_quality, x.current_technologies, x.tech_restrictions, x.team_familiarity, x.team_openness, x.success_indicators, x.additional_info, x.budget, x.timeline
  FROM business_optimizations x JOIN leads l ON l.kind = 'questionarios' AND l.number = x.id;--> statement-breakpoint
INSERT INTO "application_answers" ("lead_id", "position", "experience", "motivation", "linkedin_url", "portfolio_url")
SELECT l.id, x.position, x.experience, x.motivation, x.linkedin_url, x.portfolio_url
  FROM career_applications x JOIN leads l ON l.kind = 'candidaturas' AND l.number = x.id;--> statement-breakpoint
INSERT INTO "lead_files" ("lead_id", "field", "file_name", "format", "content_type", "size", "sha256", "data", "created_at")
SELECT l.id, 'cv', x.file_name, x.format, x.content_type, x.size, x.sha256, x.data, x.created_at
  FROM career_application_cvs x JOIN leads l ON l.kind = 'candidaturas' AND l.number = x.career_application_id;--> statement-breakpoint
UPDATE "chat_sessions" s SET "lead_id" = l.id FROM leads l WHERE l.kind = 'conversas' AND l.number = s.id;--> statement-breakpoint
UPDATE "bookings" b SET "lead_id" = l.id FROM leads l
 WHERE (l.kind = 'reunioes' AND l.number = b.id)
    OR (l.kind = 'consultas' AND l.number = b.consultation_id)
    OR (l.kind = 'conversas' AND l.number = b.chat_session_id AND b.consultation_id IS NULL);--> statement-breakpoint
UPDATE "lead_notes" n SET "lead_id" = l.id FROM leads l
 WHERE (l.kind = 'contatos' AND l.number = n.contact_id)
    OR (l.kind = 'consultas' AND l.number = n.consultation_id)
    OR (l.kind = 'conversas' AND l.number = n.chat_session_id)
    OR (l.kind = 'questionarios' AND l.number = n.business_optimization_id)
    OR (l.kind = 'candidaturas' AND l.number = n.career_application_id)
    OR (l.kind = 'reunioes' AND l.number = n.booking_id);--> statement-breakpoint
-- The forms' numbers go on from where their tables' ids were (a number is never given twice).
SELECT setval('contact_numbers', last_value, is_called) FROM contacts_id_seq;--> statement-breakpoint
SELECT setval('consultation_numbers', last_value, is_called) FROM consultations_id_seq;--> statement-breakpoint
SELECT setval('questionnaire_numbers', last_value, is_called) FROM business_optimizations_id_seq;--> statement-breakpoint
SELECT setval('application_numbers', last_value, is_called) FROM career_applications_id_seq;--> statement-breakpoint
-- Every meeting and note found its lead (a NULL here would fail the migration, not lose the row).
ALTER TABLE "bookings" ALTER COLUMN "lead_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_notes" ALTER COLUMN "lead_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_one_lead";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_consultation_id_consultations_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_chat_session_id_chat_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_consultation_id_consultations_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_chat_session_id_chat_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_business_optimization_id_business_optimizations_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_career_application_id_career_applications_id_fk";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP CONSTRAINT "lead_notes_booking_id_bookings_id_fk";--> statement-breakpoint
DROP INDEX "lead_notes_contact_idx";--> statement-breakpoint
DROP INDEX "lead_notes_consultation_idx";--> statement-breakpoint
DROP INDEX "lead_notes_chat_session_idx";--> statement-breakpoint
DROP INDEX "lead_notes_business_optimization_idx";--> statement-breakpoint
DROP INDEX "lead_notes_career_application_idx";--> statement-breakpoint
DROP INDEX "lead_notes_booking_idx";--> statement-breakpoint
DROP TABLE "business_optimizations" CASCADE;--> statement-breakpoint
DROP TABLE "career_application_cvs" CASCADE;--> statement-breakpoint
DROP TABLE "career_applications" CASCADE;--> statement-breakpoint
DROP TABLE "consultations" CASCADE;--> statement-breakpoint
DROP TABLE "contacts" CASCADE;--> statement-breakpoint
DROP TABLE "lead_pipeline" CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "consultation_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "chat_session_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "contact_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "consultation_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "chat_session_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "business_optimization_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "career_application_id";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "booking_id";--> statement-breakpoint
ALTER TABLE "lead_files" ADD CONSTRAINT "lead_files_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_consent_record_id_consent_records_id_fk" FOREIGN KEY ("consent_record_id") REFERENCES "public"."consent_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answers" ADD CONSTRAINT "application_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_answers" ADD CONSTRAINT "consultation_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_answers" ADD CONSTRAINT "contact_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_files_lead_field_uq" ON "lead_files" USING btree ("lead_id","field");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_kind_number_uq" ON "leads" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_name_words_idx" ON "leads" USING gin (regexp_split_to_array(lower(translate("name", 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')), '[^a-z0-9]+'));--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_kind_idx" ON "leads" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree (coalesce("utm_source", "referrer_host", ''),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("follow_up_on") WHERE "leads"."follow_up_on" is not null;--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_lead_uq" ON "chat_sessions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id");
