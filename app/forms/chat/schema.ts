/**
 * The chat's contact step (SPEC §5), shared by the widget, POST /api/chat/contact (whose body adds
 * the session, app/lib/schemas/chat.ts) and the step posted without JavaScript. Relative imports,
 * like ./definition.ts, which loads it.
 */
import { z } from "zod";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

/** Input cap: a company's name, never a document. */
export const CHAT_COMPANY_MAX = 200;

/** SPEC §5 chat contact form; shared by the widget and POST /api/chat/contact. */
export const chatContactSchema = z.object({
  email: z
    .string({ error: "O email é obrigatório" })
    .trim()
    .min(1, "O email é obrigatório")
    .max(320, "Email inválido")
    .pipe(z.email("Email inválido")),
  phone: z
    .string({ error: "Forneça um telefone válido com DDD" })
    .trim()
    .min(10, "Forneça um telefone válido com DDD")
    .max(30, "Forneça um telefone válido com DDD"),
  /** Labelled 'Nome da empresa' in the widget; optional. */
  message: z
    .string()
    .trim()
    .max(CHAT_COMPANY_MAX, `Use no máximo ${CHAT_COMPANY_MAX} caracteres`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export type ChatContactInput = z.infer<typeof chatContactSchema>;
