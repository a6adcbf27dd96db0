import { z } from "zod";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

/** SPEC §5 login rules; shared by the login page and its server action. */
export const loginSchema = z.object({
  username: z.string({ error: "Nome de usuário é obrigatório" }).trim().min(1, "Nome de usuário é obrigatório").max(100),
  password: z.string({ error: "Senha é obrigatória" }).min(1, "Senha é obrigatória").max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;
