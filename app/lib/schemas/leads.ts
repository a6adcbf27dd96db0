/**
 * One schema per lead form (SPEC §5), shared by the browser forms and the API routes, so both
 * answer with the same Portuguese messages. Every text has a length cap; `website` is the
 * honeypot every form carries (hidden from people, filled by bots) and must stay empty.
 */
import { z } from "zod";
import {
  BUDGETS,
  type Choice,
  COMPANY_SIZES,
  CONSULTATION_STATUSES,
  DATA_QUALITIES,
  TEAM_FAMILIARITIES,
  TIMELINES,
  type BusinessOptimizationField,
  type ConsultationStatus,
  HONEYPOT_FIELD,
  LIMITS,
} from "../lead-fields";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

// The zod-free half (limits, choices, labels) lives in ~/lib/lead-fields so pages can use it
// without shipping zod.

export const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

/** Trimmed text (non-strings become "" so the required/empty checks speak Portuguese). */
export const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
    z.string({ error: "Valor inválido: envie um texto" }).max(max, tooLong(max)),
  );

export const required = (message: string, max: number) => text(max).pipe(z.string().min(1, message));

export const email = (requiredMessage = "Email é obrigatório", invalidMessage = "Email inválido") =>
  text(LIMITS.email).pipe(z.string().min(1, requiredMessage).pipe(z.email(invalidMessage)));

/** Optional URL: empty is allowed; otherwise http(s) only (a `javascript:` link never reaches the admin). */
export const optionalUrl = (message: string) =>
  text(LIMITS.url).pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: message })]));

/** Honeypot: checked by the server before anything else; kept here so the browser forms send it. */
export const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

// ---------------------------------------------------------------- consultation requests (dialog)
export const consultationStatusSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES.map((s) => s.value) as [ConsultationStatus, ...ConsultationStatus[]], "Status inválido"),
});

// ---------------------------------------------------------------- questionnaire (/formulario)

export const choice = (choices: Choice[]) =>
  text(40).pipe(z.string().refine((v) => v === "" || choices.some((c) => c.value === v), "Selecione uma opção válida"));

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

// The labels (~/lib/lead-fields) name exactly the schema's answers.
type Answers = Exclude<keyof BusinessOptimizationInput, typeof HONEYPOT_FIELD>;
const sameFields: [Answers, BusinessOptimizationField] extends [BusinessOptimizationField, Answers] ? true : never = true;
void sameFields;
