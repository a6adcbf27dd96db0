/**
 * The newsletter sign-up's rule on the server (SPEC §5; the footer's browser check is
 * isNewsletterEmailAcceptable, ./definition.ts), built from the lead forms' shared field kinds
 * (app/lib/schemas/leads.ts). Relative imports, like ./definition.ts, which loads it.
 */
import { z } from "zod";
import { email, honeypot, text } from "../../lib/schemas/leads";

export const newsletterSchema = z.object({
  email: email("Email inválido"),
  source: text(60).optional(),
  ...honeypot,
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;
