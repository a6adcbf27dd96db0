/**
 * The consultation request's rules (SPEC §5), shared by the browser dialog and the server, built
 * from the lead forms' shared field kinds (app/lib/schemas/leads.ts). Loaded on submit only (zod
 * stays out of a page's first load): relative imports, like ./definition.ts, which loads it.
 */
import { z } from "zod";
import { LIMITS } from "../../lib/lead-fields";
import { email, honeypot, required, text } from "../../lib/schemas/leads";

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
