CREATE TABLE "lead_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"consultation_id" integer,
	"chat_session_id" integer,
	"business_optimization_id" integer,
	"career_application_id" integer,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_one_lead" CHECK (num_nonnulls("lead_notes"."contact_id", "lead_notes"."consultation_id", "lead_notes"."chat_session_id", "lead_notes"."business_optimization_id", "lead_notes"."career_application_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "lead_pipeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"consultation_id" integer,
	"chat_session_id" integer,
	"business_optimization_id" integer,
	"career_application_id" integer,
	"stage" text,
	"follow_up_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_pipeline_one_lead" CHECK (num_nonnulls("lead_pipeline"."contact_id", "lead_pipeline"."consultation_id", "lead_pipeline"."chat_session_id", "lead_pipeline"."business_optimization_id", "lead_pipeline"."career_application_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_business_optimization_id_business_optimizations_id_fk" FOREIGN KEY ("business_optimization_id") REFERENCES "public"."business_optimizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_career_application_id_career_applications_id_fk" FOREIGN KEY ("career_application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_business_optimization_id_business_optimizations_id_fk" FOREIGN KEY ("business_optimization_id") REFERENCES "public"."business_optimizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pipeline" ADD CONSTRAINT "lead_pipeline_career_application_id_career_applications_id_fk" FOREIGN KEY ("career_application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_contact_idx" ON "lead_notes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "lead_notes_consultation_idx" ON "lead_notes" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "lead_notes_chat_session_idx" ON "lead_notes" USING btree ("chat_session_id");--> statement-breakpoint
CREATE INDEX "lead_notes_business_optimization_idx" ON "lead_notes" USING btree ("business_optimization_id");--> statement-breakpoint
CREATE INDEX "lead_notes_career_application_idx" ON "lead_notes" USING btree ("career_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_contact_uq" ON "lead_pipeline" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_consultation_uq" ON "lead_pipeline" USING btree ("consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_chat_session_uq" ON "lead_pipeline" USING btree ("chat_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_business_optimization_uq" ON "lead_pipeline" USING btree ("business_optimization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_pipeline_career_application_uq" ON "lead_pipeline" USING btree ("career_application_id");--> statement-breakpoint
CREATE INDEX "lead_pipeline_follow_up_idx" ON "lead_pipeline" USING btree ("follow_up_on");