/**
 * The contact form's rules (SPEC §5), shared by the browser form and the server, built from the
 * lead forms' shared field kinds (app/lib/schemas/leads.ts). Loaded on submit only (zod stays out
 * of a page's first load): relative imports, like ./definition.ts, which loads it.
 */
import { z } from "zod";
import { LIMITS } from "../../lib/lead-fields";
import { email, honeypot, required, text } from "../../lib/schemas/leads";
import { CONTACT_CONSENT_MESSAGE } from "./messages";

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
