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
  CV_FILE,
  DATA_QUALITIES,
  TEAM_FAMILIARITIES,
  TIMELINES,
  type ConsultationStatus,
  HONEYPOT_FIELD,
  LIMITS,
} from "../lead-fields";
import { careersMessages } from "../messages/leads";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

// The zod-free half (limits, choices, labels) lives in ~/lib/lead-fields so pages can use it
// without shipping zod; re-exported here for server code.
export * from "../lead-fields";

const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

/** Trimmed text (non-strings become "" so the required/empty checks speak Portuguese). */
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
    z.string({ error: "Valor inválido: envie um texto" }).max(max, tooLong(max)),
  );

const required = (message: string, max: number) => text(max).pipe(z.string().min(1, message));

const email = (requiredMessage = "Email é obrigatório", invalidMessage = "Email inválido") =>
  text(LIMITS.email).pipe(z.string().min(1, requiredMessage).pipe(z.email(invalidMessage)));

/** Optional URL: empty is allowed; otherwise http(s) only (a `javascript:` link never reaches the admin). */
const optionalUrl = (message: string) => text(LIMITS.url).pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: message })]));

/** Honeypot: checked by the server before anything else; kept here so the browser forms send it. */
const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

// ---------------------------------------------------------------- contact (home #contact, /sobre)
export const CONTACT_CONSENT_MESSAGE = "You must agree to the terms.";

/** What the server stores (SPEC §7: consent is not sent). */
export const contactSchema = z.object({
  name: required("Nome é obrigatório", LIMITS.name),
  company: required("Empresa é obrigatória", LIMITS.company),
  email: email(),
  phone: text(LIMITS.phone),
  message: required("Mensagem é obrigatória", LIMITS.longText),
  source: text(60).optional(),
  ...honeypot,
});

/** The browser form: the same fields plus the consent checkbox (SPEC §5, message in English). */
export const contactFormSchema = contactSchema.extend({
  consent: z.boolean().refine((v) => v, CONTACT_CONSENT_MESSAGE),
});

export type ContactInput = z.infer<typeof contactSchema>;

// ---------------------------------------------------------------- newsletter (footer)

export const newsletterSchema = z.object({
  email: email("Email inválido"),
  source: text(60).optional(),
  ...honeypot,
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

// ---------------------------------------------------------------- careers (/carreiras)
/**
 * The optional CV as the browser or a multipart post holds it: absent (no file chosen is an empty,
 * nameless part), or a file of at most CV_FILE.maxBytes. Its content is checked on the server only
 * (app/forms/careers/cv.server.ts, docs/decisions/0093).
 */
const cvFile = () =>
  z
    .union([z.undefined(), z.literal(""), z.instanceof(Blob)], { error: careersMessages.cv.badType })
    .transform((value) => (value instanceof Blob && (value.size > 0 || nameOf(value)) ? value : undefined))
    .refine((value) => !value || value.size <= CV_FILE.maxBytes, careersMessages.cv.tooLarge)
    .optional();

const nameOf = (blob: Blob) => ("name" in blob && typeof blob.name === "string" ? blob.name : "");

export const careerApplicationSchema = z.object({
  name: text(LIMITS.name).pipe(z.string().min(2, "Nome deve ter pelo menos 2 caracteres")),
  email: text(LIMITS.email).pipe(z.email("Email inválido")),
  phone: text(LIMITS.phone).pipe(z.string().min(10, "Telefone deve ter pelo menos 10 dígitos")),
  position: text(LIMITS.shortText).pipe(z.string().min(1, "Selecione uma vaga")),
  experience: text(LIMITS.longText).pipe(z.string().min(50, "Descreva sua experiência com pelo menos 50 caracteres")),
  motivation: text(LIMITS.longText).pipe(z.string().min(50, "Explique sua motivação com pelo menos 50 caracteres")),
  linkedinUrl: optionalUrl("URL do LinkedIn inválida"),
  portfolioUrl: optionalUrl("URL do portfólio inválida"),
  cv: cvFile(),
  ...honeypot,
});

export type CareerApplicationInput = z.infer<typeof careerApplicationSchema>;

// ---------------------------------------------------------------- consultation requests (dialog)
export const consultationSchema = z.object({
  // One message per rule: empty is "required" as on the contact form; the career form keeps SPEC §5's.
  name: required("Nome é obrigatório", LIMITS.name).pipe(z.string().min(2, "Nome deve ter pelo menos 2 caracteres")),
  email: email(),
  phone: text(LIMITS.phone).pipe(z.string().min(10, "Telefone deve ter pelo menos 10 dígitos")),
  company: required("Nome da empresa é obrigatório", LIMITS.company),
  industryArea: required("Área de atuação é obrigatória", LIMITS.shortText),
  source: text(120).optional(),
  ...honeypot,
});

export type ConsultationInput = z.infer<typeof consultationSchema>;

export const consultationStatusSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES.map((s) => s.value) as [ConsultationStatus, ...ConsultationStatus[]], "Status inválido"),
});

// ---------------------------------------------------------------- questionnaire (/formulario)

const choice = (choices: Choice[]) =>
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
