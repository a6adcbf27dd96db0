/**
 * Every environment variable the app reads, validated once at start (DESIGN.md "Contracts").
 * Import `env` anywhere on the server; never read process.env directly elsewhere.
 */
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (what: string) =>
  optionalText.refine((v) => v === undefined || URL.canParse(v), `${what} deve ser uma URL válida`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  DATA_DIR: optionalText.default("./data"),
  SITE_URL: optionalUrl("SITE_URL"),
  ADMIN_USERNAME: optionalText.default("admin"),
  ADMIN_PASSWORD: optionalText,
  SESSION_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    "SESSION_SECRET deve ter pelo menos 32 caracteres",
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Tests point the Stripe SDK at a local fake server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl("STRIPE_API_BASE"),
  CHAT_API_URL: optionalUrl("CHAT_API_URL"),
  CHAT_API_KEY: optionalText,
  CHAT_ASSISTANT_ID: optionalText,
  /** Tests only: multiplies the chat service timeouts (SPEC §9: 10 s, 15 s) so a hang test is quick. */
  CHAT_TIMEOUT_SCALE: z.coerce.number().positive().max(1).default(1),
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: optionalText.default("Agile IA <nao-responda@agileia.com.br>"),
  CONTACT_WHATSAPP: optionalText.default("5511999999999"),
  CONTACT_EMAIL: optionalText.default("contato@agileia.com.br"),
  DPO_EMAIL: optionalText,
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; DPO_EMAIL: string };

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    // Fail fast with a message an operator can act on, before anything else starts.
    throw new Error(`Configuração inválida no ambiente:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    ...e,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ""),
    DPO_EMAIL: e.DPO_EMAIL ?? e.CONTACT_EMAIL,
  };
}

export const env: Env = loadEnv();

/** Limits are multiplied by RATE_LIMIT_FACTOR so load tests from one address can raise them. */
export function scaledLimit(limit: number): number {
  return Math.max(1, Math.round(limit * env.RATE_LIMIT_FACTOR));
}
