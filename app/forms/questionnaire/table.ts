/**
 * The questionnaire's 21 answers (docs/decisions/0135; SPEC §3 leaves every one optional): the
 * company, the person and the address are its lead's columns. Found by its folder (drizzle.config.ts,
 * app/forms/tables.server.ts); relative imports for drizzle-kit.
 */
import { integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { leads } from "../../db/schema";

export const questionnaireAnswers = pgTable("questionnaire_answers", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  position: text("position"),
  industryArea: text("industry_area"),
  companySize: text("company_size"),
  keyProcesses: text("key_processes"),
  processStructure: text("process_structure"),
  currentChallenges: text("current_challenges"),
  bottlenecks: text("bottlenecks"),
  shortTermGoals: text("short_term_goals"),
  longTermGoals: text("long_term_goals"),
  optimizationImpact: text("optimization_impact"),
  dataTypes: text("data_types"),
  dataOrganization: text("data_organization"),
  dataQuality: text("data_quality"),
  currentTechnologies: text("current_technologies"),
  techRestrictions: text("tech_restrictions"),
  teamFamiliarity: text("team_familiarity"),
  teamOpenness: text("team_openness"),
  successIndicators: text("success_indicators"),
  additionalInfo: text("additional_info"),
  budget: text("budget"),
  timeline: text("timeline"),
});

/** The numbers of the questionnaires (leads.number, docs/decisions/0140): SPEC §7's ids. */
export const questionnaireNumbers = pgSequence("questionnaire_numbers");
