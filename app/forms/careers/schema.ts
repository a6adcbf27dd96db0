/**
 * The application's rules (SPEC §5), shared by the browser form and the server, built from the
 * lead forms' shared field kinds (app/lib/schemas/leads.ts). Loaded on submit only (zod stays out
 * of a page's first load): relative imports, like ./definition.ts, which loads it.
 */
import { z } from "zod";
import { LIMITS } from "../../lib/lead-fields";
import { honeypot, optionalUrl, text } from "../../lib/schemas/leads";
import { CV_FILE } from "./definition";
import { careersMessages } from "./messages";

const nameOf = (blob: Blob) => ("name" in blob && typeof blob.name === "string" ? blob.name : "");

/**
 * The optional CV as the browser or a multipart post holds it: absent (no file chosen is an empty,
 * nameless part), or a file of at most CV_FILE.maxBytes. Its content is checked on the server
 * only (./cv.server.ts, docs/decisions/0093).
 */
const cvFile = () =>
  z
    .union([z.undefined(), z.literal(""), z.instanceof(Blob)], { error: careersMessages.cv.badType })
    .transform((value) => (value instanceof Blob && (value.size > 0 || nameOf(value)) ? value : undefined))
    .refine((value) => !value || value.size <= CV_FILE.maxBytes, careersMessages.cv.tooLarge)
    .optional();

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
