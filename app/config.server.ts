/**
 * Every environment variable the app reads, validated once at start (README "Environment").
 * Import `env` anywhere on the server; never read process.env directly elsewhere.
 */
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (what: string) => optionalText.refine((v) => v === undefined || URL.canParse(v), `${what} deve ser uma URL válida`);

/** An absolute address with one of `schemes` (e.g. `localhost:3000` parses as a URL with scheme "localhost:"). */
const optionalUrlWith = (what: string, schemes: string[], example: string) =>
  optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && schemes.includes(new URL(v).protocol) && new URL(v).host !== ""),
    `${what} deve ser um endereço ${schemes.map((s) => `${s}//`).join(" ou ")}, por exemplo ${example} / ${what} must be a ${schemes.map((s) => `${s}//`).join(" or ")} URL, e.g. ${example}`,
  );
/** An on/off switch: "1" or "0"; unset or empty is off. */
const flag = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(["0", "1"], { error: `${name} deve ser 0 ou 1` }).optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrlWith("DATABASE_URL", ["postgres:", "postgresql:"], "postgres://usuario:senha@host:5432/banco"),
  DATA_DIR: optionalText.default("./data"),
  SITE_URL: optionalUrlWith("SITE_URL", ["http:", "https:"], "https://www.exemplo.com.br"),
  ADMIN_USERNAME: optionalText.default("admin"),
  ADMIN_PASSWORD: optionalText,
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, "SESSION_SECRET deve ter pelo menos 32 caracteres"),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Tests point the Stripe SDK at a local fake server, e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalUrl("STRIPE_API_BASE"),
  CHAT_API_URL: optionalUrl("CHAT_API_URL"),
  CHAT_API_KEY: optionalText,
  CHAT_ASSISTANT_ID: optionalText,
  /** Tests only: multiplies the chat service timeouts (SPEC §9: 10 s, 15 s) so a hang test is quick. */
  CHAT_TIMEOUT_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * How often each instance looks for scheduled posts that are due (ms). 15 s keeps a post within
   * a quarter of a minute of its time; tests lower it (docs/decisions/0060).
   */
  SCHEDULE_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: optionalText.default("Agile IA <nao-responda@agileia.com.br>"),
  /**
   * Newsletter editions go out at most this many messages per second, across all instances
   * (docs/decisions/0128): a mail server or provider that limits senders is never flooded.
   */
  NEWSLETTER_RATE_PER_SECOND: z.coerce
    .number({ error: "NEWSLETTER_RATE_PER_SECOND deve ser um número" })
    .positive("NEWSLETTER_RATE_PER_SECOND deve ser maior que zero")
    .max(1000, "NEWSLETTER_RATE_PER_SECOND deve ser no máximo 1000")
    .default(5),
  /**
   * The hard deadline of one newsletter message's SMTP send (ms); a claimed recipient is held 1.5
   * times this plus a grace, so no other instance sends it while it may still be going out
   * (docs/decisions/0110, 0128). Tests that kill an instance lower it.
   */
  NEWSLETTER_SEND_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  CONTACT_WHATSAPP: optionalText.default("5511999999999"),
  CONTACT_EMAIL: optionalText.default("contato@agileia.com.br"),
  DPO_EMAIL: optionalText,
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * "off" turns the built-in page cache off (every shared answer is rendered fresh; it is still
   * marked cacheable for nginx or a CDN in front). The bench measures the fresh path with it.
   */
  PAGE_CACHE: z.enum(["on", "off"], { error: "PAGE_CACHE deve ser on ou off" }).default("on"),
  /** "1": the admin must use a two-factor code (TOTP); without one enrolled, the login asks to enrol. */
  ADMIN_REQUIRE_2FA: flag("ADMIN_REQUIRE_2FA"),
  /** "1": at start, the admin's two-factor enrolment is removed (lost phone and recovery codes). */
  ADMIN_RESET_2FA: flag("ADMIN_RESET_2FA"),
  /** A public deploy without Stripe runs the simulated checkout only when this is "1". */
  DEMO_CHECKOUT: z.enum(["0", "1"]).optional(),
  /** Seconds in-flight requests get to finish after SIGTERM. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(600).default(25),
  /**
   * Seconds between SIGTERM and refusing new connections, while /healthz already answers 503 so a
   * load balancer stops sending traffic. Default: 5 on a public deploy, 0 locally.
   */
  SHUTDOWN_GRACE: z.coerce.number().min(0).max(120).optional(),
  /**
   * Tests only: "1" lets the owner's calendar address (docs/decisions/0144) point at a private or
   * loopback address, where the tests' own server is. Refused on a public deploy.
   */
  BUSY_CALENDAR_ALLOW_PRIVATE: flag("BUSY_CALENDAR_ALLOW_PRIVATE"),
  /** Folder of `npm run backup` files (and of the snapshots the running server writes). */
  BACKUP_DIR: optionalText.default("./backups"),
  /** How many backup files `npm run backup` keeps in BACKUP_DIR (older ones are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; DPO_EMAIL: string; PUBLIC_DEPLOY: boolean; SHUTDOWN_GRACE: number };

/** Minimum length of ADMIN_PASSWORD on a public deploy (OWASP ASVS 5.0 V6.2.1: 12 or more). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Passwords an attacker tries first; compared without case, spaces or punctuation. */
const COMMON_PASSWORDS = new Set(
  [
    "admin123",
    "admin1234",
    "administrator",
    "administrador",
    "password",
    "password123",
    "passw0rd",
    "senha123",
    "senha1234",
    "senhasegura",
    "minhasenha",
    "123456789012",
    "1234567890",
    "qwerty123456",
    "qwertyuiop",
    "iloveyou",
    "letmein",
    "welcome123",
    "changeme",
    "changeme123",
    "trocar123",
    "mudar123",
    "agileia",
    "agileia123",
    "agileia2026",
    "brasil123",
    "abc123456789",
  ].map((p) => p.replace(/[^a-z0-9]/g, "")),
);

export function isWeakAdminPassword(password: string, username: string): boolean {
  const plain = password.toLowerCase().replace(/[^a-z0-9]/g, "");
  return (
    password.length < MIN_ADMIN_PASSWORD_LENGTH ||
    COMMON_PASSWORDS.has(plain) ||
    plain.includes(username.toLowerCase().replace(/[^a-z0-9]/g, "") || "\0") ||
    new Set(password).size < 5
  );
}

/** Reachable by others: an https address, or a production build at an address that is not this machine. */
function isPublicDeploy(nodeEnv: string, siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  const url = new URL(siteUrl);
  if (url.protocol === "https:") return true;
  return nodeEnv === "production" && !["localhost", "127.0.0.1", "[::1]", "::1"].includes(url.hostname);
}

/** What a public deploy may not run with (Portuguese, then English, naming the variable). */
function publicDeployProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.ADMIN_PASSWORD) {
    problems.push(
      "ADMIN_PASSWORD é obrigatória num endereço público (sem ela a senha de demonstração ficaria ativa) / " +
        "ADMIN_PASSWORD is required on a public deploy (the demo password would be active otherwise)",
    );
  } else if (isWeakAdminPassword(e.ADMIN_PASSWORD, e.ADMIN_USERNAME)) {
    problems.push(
      `ADMIN_PASSWORD é fraca: use pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres, sem senhas comuns nem o nome de usuário / ` +
        `ADMIN_PASSWORD is weak: use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters, no common password and not the username`,
    );
  }
  if (!e.STRIPE_SECRET_KEY && e.DEMO_CHECKOUT !== "1") {
    problems.push(
      "STRIPE_SECRET_KEY não definida: num endereço público o checkout de demonstração só roda com DEMO_CHECKOUT=1 / " +
        "STRIPE_SECRET_KEY is not set: on a public deploy the demo checkout runs only with DEMO_CHECKOUT=1",
    );
  }
  if (e.BUSY_CALENDAR_ALLOW_PRIVATE === "1") {
    problems.push(
      "BUSY_CALENDAR_ALLOW_PRIVATE=1 é só para testes: num endereço público a agenda externa não pode apontar para a rede interna / " +
        "BUSY_CALENDAR_ALLOW_PRIVATE=1 is for tests only: on a public deploy the external calendar may not point at the internal network",
    );
  }
  return problems;
}

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    // Fail fast with a message an operator can act on, before anything else starts.
    throw new Error(`Configuração inválida no ambiente:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicDeploy = isPublicDeploy(e.NODE_ENV, e.SITE_URL);
  const problems = publicDeploy ? publicDeployProblems(e) : [];
  if (problems.length) {
    throw new Error(`Configuração insegura para um endereço público (${e.SITE_URL}):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  return {
    ...e,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ""),
    DPO_EMAIL: e.DPO_EMAIL ?? e.CONTACT_EMAIL,
    PUBLIC_DEPLOY: publicDeploy,
    SHUTDOWN_GRACE: e.SHUTDOWN_GRACE ?? (publicDeploy ? 5 : 0),
  };
}

export const env: Env = loadEnv();

/** Limits are multiplied by RATE_LIMIT_FACTOR so load tests from one address can raise them. */
export function scaledLimit(limit: number): number {
  return Math.max(1, Math.round(limit * env.RATE_LIMIT_FACTOR));
}
