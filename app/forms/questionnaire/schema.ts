/**
 * The questionnaire's rules (SPEC §5; §3 for its choice values), shared by the browser form and
 * the server, built from the lead forms' shared field kinds (app/lib/schemas/leads.ts). Loaded on
 * submit only (zod stays out of a page's first load): relative imports, like ./definition.ts,
 * which loads it.
 */
import { z } from "zod";
import { HONEYPOT_FIELD, LIMITS } from "../../lib/lead-fields";
import { choice, email, honeypot, required, text } from "../../lib/schemas/leads";
import { BUDGETS, type BusinessOptimizationField, COMPANY_SIZES, DATA_QUALITIES, TEAM_FAMILIARITIES, TIMELINES } from "./fields";

export const businessOptimizationSchema = z.object({
  companyName: required("Nome da empresa é obrigatório", LIMITS.company),
  contactName: required("Nome do contato é obrigatório", LIMITS.name),
  email: email(),
  phone: text(LIMITS.phone),
  position: text(LIMITS.shortText),
  industryArea: text(LIMITS.shortText),
  companySize: choice(COMPANY_SIZES),
  keyProcesses: text(LIMITS.longText),
  processStructure: text(LIMITS.longText),
  currentChallenges: text(LIMITS.longText),
  bottlenecks: text(LIMITS.longText),
  shortTermGoals: text(LIMITS.longText),
  longTermGoals: text(LIMITS.longText),
  optimizationImpact: text(LIMITS.longText),
  dataTypes: text(LIMITS.longText),
  dataOrganization: text(LIMITS.longText),
  dataQuality: choice(DATA_QUALITIES),
  currentTechnologies: text(LIMITS.longText),
  techRestrictions: text(LIMITS.longText),
  teamFamiliarity: choice(TEAM_FAMILIARITIES),
  teamOpenness: text(LIMITS.longText),
  successIndicators: text(LIMITS.longText),
  additionalInfo: text(LIMITS.longText),
  budget: choice(BUDGETS),
  timeline: choice(TIMELINES),
  ...honeypot,
});

export type BusinessOptimizationInput = z.infer<typeof businessOptimizationSchema>;

// The labels (./fields.ts) name exactly the schema's answers.
type Answers = Exclude<keyof BusinessOptimizationInput, typeof HONEYPOT_FIELD>;
const sameFields: [Answers, BusinessOptimizationField] extends [BusinessOptimizationField, Answers] ? true : never = true;
void sameFields;
