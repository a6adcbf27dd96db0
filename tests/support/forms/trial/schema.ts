/** The test form's rules, from the lead forms' shared field kinds (app/lib/schemas/leads.ts). */
import { z } from "zod";
import { LIMITS } from "~/lib/lead-fields";
import { email, honeypot, required } from "~/lib/schemas/leads";

export const trialSchema = z.object({
  name: required("Nome é obrigatório", LIMITS.name),
  email: email(),
  wish: required("Conte o que deseja", LIMITS.longText),
  ...honeypot,
});

export type TrialInput = z.infer<typeof trialSchema>;
