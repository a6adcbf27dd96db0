/**
 * A recorded comparison of the lead endpoints (SPEC §7 and their siblings in app/routes.ts): on a
 * fresh app and database, a fixed sequence of requests (accepted leads, refusals with their
 * Portuguese messages, the careers CV, the admin's lists, details, exports and the CV download) is
 * answered, and each answer's status, content type and body are compared byte for byte with
 * tests/integration/recorded/lead-endpoints.json (a CV's bytes through their SHA-256). A change of
 * the lead storage must leave that file as it is.
 *
 * RECORD=1 rewrites the file instead of comparing (then read its diff before committing it). The
 * same recording holds on the embedded PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, proofOfWork, startTestApp, type TestApp } from "../helpers/app";
import { minimalPdf, realPdfOfSize } from "../support/documents";

const RECORDING = path.resolve(import.meta.dirname, "recorded/lead-endpoints.json");
const recording = process.env.RECORD === "1";

/**
 * What legitimately differs between two runs, replaced in each body before comparing. Nothing
 * else is touched: ids are the sequences' of a fresh database (the same on both databases).
 */
const NORMALISE: { what: string; pattern: RegExp; by: string }[] = [
  // The rows' created_at (and any other stored instant), as JSON writes a Date.
  { what: "ISO timestamps", pattern: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, by: "<instante>" },
  // The same instants in the CSV exports, in Brasília time (app/lib/dates.ts, formatDateTime).
  { what: "dates and times in the CSVs", pattern: /\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}(?::\d{2})?/g, by: "<data e hora>" },
  // The newsletter's unsubscribe link: a random token per subscriber (app/domain/leads/newsletter.server.ts).
  { what: "unsubscribe tokens", pattern: /(descadastrar\?token=)[^;"\s\r\n]+/g, by: "$1<token>" },
  // The rate limit's wait, counted from the window's start: a slow run may cross a minute.
  { what: "rate-limit wait", pattern: /Aguarde \d+ minutos?/g, by: "Aguarde <n> minutos" },
];

function normalise(body: string): string {
  return NORMALISE.reduce((text, { pattern, by }) => text.replace(pattern, by), body);
}

interface Exchange {
  name: string;
  request: { method: string; path: string; body?: unknown; admin?: boolean };
  status: number;
  contentType: string | null;
  body: string;
}

let app: TestApp;
let cookie: string;
const answers: Exchange[] = [];
let visitor = 0;

beforeAll(async () => {
  // TRUST_PROXY: each request speaks from its own address (x-forwarded-for), so no rate limit but
  // the one asked for is met; 0.3: 3 submissions per form and address, as tests/integration/leads.test.ts.
  app = await startTestApp({ TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "0.3" });
  cookie = await adminSession(app);
});
afterAll(() => app?.close());

interface Ask {
  body?: unknown;
  /** A raw body, sent as is (malformed JSON, an empty body, one too large). */
  raw?: string;
  /** A multipart body (the careers form with its CV), sent with a solved proof of work. */
  form?: Record<string, string | File>;
  /** What the recording says was sent, instead of the body itself (a file, a large body). */
  recordAs?: string;
  /** A file's bytes (a CV) are recorded as their SHA-256 and length: still every byte compared. */
  binary?: boolean;
  admin?: boolean;
  /** Without the solved proof of work the site's forms send (docs/decisions/0090). */
  noProof?: boolean;
  /** The address to speak from; by default a new one. */
  ip?: string;
  headers?: Record<string, string>;
}

/** One request of the sequence, its answer kept (normalised) for the comparison. */
async function ask(name: string, method: string, urlPath: string, options: Ask = {}): Promise<Response> {
  const ip = options.ip ?? `10.61.${Math.floor(++visitor / 250)}.${(visitor % 250) + 1}`;
  const headers: Record<string, string> = { "x-forwarded-for": ip, ...options.headers };
  if (options.admin) headers.cookie = cookie;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    const body =
      options.noProof || typeof options.body !== "object" || Array.isArray(options.body)
        ? options.body
        : { ...options.body, altcha: await proofOfWork(app.url) };
    payload = JSON.stringify(body);
  }
  if (payload !== undefined) headers["content-type"] = "application/json";
  let multipart: FormData | undefined;
  if (options.form) {
    multipart = new FormData();
    for (const [key, value] of Object.entries({ ...options.form, altcha: await proofOfWork(app.url) })) multipart.append(key, value);
  }
  const res = await fetch(`${app.url}${urlPath}`, { method, headers, body: multipart ?? payload, redirect: "manual" });
  // Decoded as is: the CSVs' byte-order mark stays in the body (Response.text() would drop it).
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  const text = options.binary
    ? `sha256:${createHash("sha256").update(bytes).digest("hex")} (${bytes.length} bytes)`
    : new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  answers.push({
    name,
    request: {
      method,
      path: urlPath,
      ...(options.recordAs !== undefined
        ? { body: options.recordAs }
        : options.raw !== undefined
          ? { body: options.raw }
          : options.body !== undefined
            ? { body: options.body }
            : {}),
      ...(options.admin ? { admin: true } : {}),
    },
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: normalise(text),
  });
  return res;
}

// ---------------------------------------------------------------- the fixed inputs
// The same people as tests/integration/leads.test.ts, but this file's own copy on purpose: these
// inputs are half of the recording, and a change to another test's fixtures must not change it.
const contact = (over: Record<string, unknown> = {}) => ({
  name: "Maria Souza",
  company: "Souza & Filhos Ltda",
  email: "maria@example.com",
  phone: "11 98888-7777",
  message: "Queremos automatizar o atendimento ao cliente.",
  ...over,
});
const application = (over: Record<string, unknown> = {}) => ({
  name: "Carlos Lima",
  email: "carlos@example.com",
  phone: "11987654321",
  position: "Senior AI Engineer",
  experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
  motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
  linkedinUrl: "https://www.linkedin.com/in/carlos",
  portfolioUrl: "",
  ...over,
});
const questionnaire = (over: Record<string, unknown> = {}) => ({
  companyName: "Indústria Ação",
  contactName: "Ana Paula",
  email: "ana@example.com",
  companySize: "media",
  budget: "25k-50k",
  timeline: "curto",
  keyProcesses: "Faturamento e atendimento",
  ...over,
});
const consultation = (over: Record<string, unknown> = {}) => ({
  name: "Pedro Alves",
  email: "pedro@example.com",
  phone: "21999998888",
  company: "Alves Logística",
  industryArea: "Logística",
  source: "Solicitar Apresentação de Cases",
  ...over,
});

/** Confirms a newsletter sign-up through its e-mailed link, so the address is a subscriber. */
async function confirmNewsletter(email: string) {
  const { outbox } = app.schema;
  const mails = await app.db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.id));
  const [, token] = /\/newsletter\/confirmar\?token=([^\s]+)/.exec(mails.at(-1)?.body ?? "") ?? [];
  if (!token) throw new Error(`Nenhum link de confirmação para ${email}.`);
  const res = await fetch(`${app.url}/newsletter/confirmar`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: decodeURIComponent(token) }),
  });
  if (!res.ok) throw new Error(`confirmação: HTTP ${res.status}`);
}

/** The whole sequence, in order: every answer lands in `answers`. */
async function runSequence() {
  // POST /api/contact: accepted, then each refusal.
  await ask("contato aceito", "POST", "/api/contact", { body: contact() });
  await ask("contato aceito sem telefone", "POST", "/api/contact", {
    body: contact({ name: "João Ação", email: "joao@example.com", phone: undefined, message: '=HYPERLINK("http://x") <b>oi</b>' }),
  });
  await ask("contato sem nome", "POST", "/api/contact", { body: contact({ name: "" }) });
  await ask("contato sem empresa", "POST", "/api/contact", { body: contact({ company: "  " }) });
  await ask("contato com email inválido", "POST", "/api/contact", { body: contact({ email: "sem-arroba" }) });
  await ask("contato sem mensagem", "POST", "/api/contact", { body: contact({ message: undefined }) });
  await ask("contato com mensagem longa demais", "POST", "/api/contact", { body: contact({ message: "x".repeat(5001) }) });
  await ask("contato com tipo errado", "POST", "/api/contact", { body: contact({ name: 42 }) });
  await ask("contato vazio", "POST", "/api/contact", { body: {} });
  await ask("contato com JSON malformado", "POST", "/api/contact", { raw: "{nome:" });
  await ask("contato sem corpo", "POST", "/api/contact", { raw: "" });
  await ask("contato como lista", "POST", "/api/contact", { body: [1, 2] });
  await ask("contato com honeypot (guardado como spam, respondido como lead)", "POST", "/api/contact", {
    body: contact({ website: "http://spam.example" }),
  });
  await ask("contato por GET", "GET", "/api/contact");
  await ask("contato grande demais", "POST", "/api/contact", {
    raw: JSON.stringify(contact({ message: "x".repeat(300 * 1024) })),
    recordAs: "o contato de Maria Souza com uma mensagem de 300 kB",
  });
  const crowded = "10.62.0.1";
  for (let i = 1; i <= 3; i++)
    await ask(`contato ${i} do mesmo endereço`, "POST", "/api/contact", { body: contact({ name: `Repetida ${i}` }), ip: crowded });
  await ask("contato além do limite do endereço", "POST", "/api/contact", { body: contact({ name: "Repetida 4" }), ip: crowded });

  // POST /api/careers/application
  await ask("candidatura aceita", "POST", "/api/careers/application", { body: application() });
  for (const [kind, over] of [
    ["nome curto", { name: "A" }],
    ["email inválido", { email: "x@" }],
    ["telefone curto", { phone: "1199" }],
    ["sem vaga", { position: "" }],
    ["experiência curta", { experience: "Pouca." }],
    ["motivação curta", { motivation: "Porque sim." }],
    ["LinkedIn javascript:", { linkedinUrl: "javascript:alert(1)" }],
    ["portfólio inválido", { portfolioUrl: "meu site" }],
  ] as const)
    await ask(`candidatura com ${kind}`, "POST", "/api/careers/application", { body: application(over) });
  await ask("candidatura vazia", "POST", "/api/careers/application", { body: {} });
  // The careers form's own island: multipart, with or without a CV (docs/decisions/0093, 0094).
  const cv = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
  const fields = {
    name: "Carla Mendes",
    email: "carla@example.com",
    phone: "11987654321",
    position: "Senior AI Engineer",
    experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
    motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
  };
  await ask("candidatura com currículo PDF", "POST", "/api/careers/application", {
    form: { ...fields, cv: cv(minimalPdf(), "cv.pdf", "application/pdf") },
    recordAs: "multipart: os campos de Carla Mendes e cv.pdf (minimalPdf de tests/support/documents.ts)",
  });
  await ask("candidatura com currículo em texto", "POST", "/api/careers/application", {
    form: { ...fields, cv: cv(Buffer.from("Meu currículo em texto puro.", "utf8"), "cv.txt", "text/plain") },
    recordAs: "multipart: os campos de Carla Mendes e cv.txt (texto puro)",
  });
  await ask("candidatura com currículo grande demais", "POST", "/api/careers/application", {
    form: { ...fields, cv: cv(realPdfOfSize(5 * 1024 * 1024 + 1), "cv.pdf", "application/pdf") },
    recordAs: "multipart: os campos de Carla Mendes e um PDF de 5 MB + 1 byte (realPdfOfSize de tests/support/documents.ts)",
  });

  // POST /api/business-optimization
  await ask("questionário aceito", "POST", "/api/business-optimization", { body: questionnaire() });
  await ask("questionário mínimo aceito", "POST", "/api/business-optimization", {
    body: { companyName: "Mínima", contactName: "Rui", email: "rui@example.com" },
  });
  for (const [kind, over] of [
    ["sem empresa", { companyName: "" }],
    ["sem contato", { contactName: "" }],
    ["sem email", { email: "" }],
    ["email inválido", { email: "ana" }],
    ["orçamento desconhecido", { budget: "um-milhao" }],
  ] as const)
    await ask(`questionário ${kind}`, "POST", "/api/business-optimization", { body: questionnaire(over) });

  // POST /api/consultations
  await ask("consulta aceita", "POST", "/api/consultations", { body: consultation() });
  await ask("consulta sem origem", "POST", "/api/consultations", {
    body: consultation({ name: "Luana Reis", email: "luana@example.com", source: undefined }),
  });
  await ask("consulta com telefone curto e sem área", "POST", "/api/consultations", {
    body: consultation({ phone: "123", industryArea: "" }),
  });

  // POST /api/newsletter: the same answer whatever the address's state (docs/decisions/0011).
  await ask("newsletter aceita", "POST", "/api/newsletter", { body: { email: "leitora@example.com" } });
  await ask("newsletter repetida", "POST", "/api/newsletter", { body: { email: "leitora@example.com" } });
  await ask("newsletter aguardando confirmação", "POST", "/api/newsletter", { body: { email: "pendente@example.com" } });
  await ask("newsletter com email inválido", "POST", "/api/newsletter", { body: { email: "leitora" } });
  await ask("newsletter vazia", "POST", "/api/newsletter", { body: {} });
  await confirmNewsletter("leitora@example.com");

  // The admin's answers: without a session, then with one.
  for (const urlPath of [
    "/api/contacts",
    "/api/consultations",
    "/api/business-optimizations",
    "/api/consultations/1",
    "/api/leads/contatos/export",
    "/api/funil/export",
  ])
    await ask(`${urlPath} sem sessão`, "GET", urlPath);
  await ask("PATCH de consulta sem sessão", "PATCH", "/api/consultations/1", { body: { status: "contacted" }, noProof: true });

  await ask("lista de contatos", "GET", "/api/contacts", { admin: true });
  await ask("lista de consultas", "GET", "/api/consultations", { admin: true });
  const poll = await ask("questionários, página 1", "GET", "/api/business-optimizations?t=1", { admin: true });
  await ask("questionários sem mudança (304)", "GET", "/api/business-optimizations?t=2", {
    admin: true,
    headers: { "if-none-match": poll.headers.get("etag") ?? "" },
  });
  await ask("questionários, página além da última", "GET", "/api/business-optimizations?pagina=9", { admin: true });
  await ask("questionários, página inválida", "GET", "/api/business-optimizations?pagina=abc", { admin: true });
  await ask("uma consulta", "GET", "/api/consultations/1", { admin: true });
  await ask("consulta inexistente", "GET", "/api/consultations/999", { admin: true });
  await ask("consulta com id inválido", "GET", "/api/consultations/abc", { admin: true });
  await ask("PATCH com etapa desconhecida", "PATCH", "/api/consultations/1", { admin: true, body: { status: "inventado" }, noProof: true });
  await ask("PATCH de consulta inexistente", "PATCH", "/api/consultations/999", {
    admin: true,
    body: { status: "contacted" },
    noProof: true,
  });
  await ask("PATCH de consulta", "PATCH", "/api/consultations/1", { admin: true, body: { status: "contacted" }, noProof: true });
  await ask("consulta depois do PATCH", "GET", "/api/consultations/1", { admin: true });
  await ask("currículo de uma candidatura", "GET", "/admin/leads/candidaturas/2/curriculo", { admin: true, binary: true });
  await ask("currículo de uma candidatura sem currículo", "GET", "/admin/leads/candidaturas/1/curriculo", { admin: true });
  await ask("currículo sem sessão", "GET", "/admin/leads/candidaturas/2/curriculo");
  for (const type of ["contatos", "consultas", "candidaturas", "newsletter", "inventado"])
    await ask(`exportação de ${type}`, "GET", `/api/leads/${type}/export`, { admin: true });
  await ask("exportação de contatos com busca", "GET", `/api/leads/contatos/export?q=${encodeURIComponent("João")}`, { admin: true });
  await ask("exportação do funil", "GET", "/api/funil/export", { admin: true });
  await ask("exportação do funil, só consultas", "GET", "/api/funil/export?tipo=consultas", { admin: true });
}

function serialise(exchanges: Exchange[]): string {
  return `${JSON.stringify(exchanges, null, 2)}\n`;
}

describe("the lead endpoints answer as recorded", () => {
  it("every answer's status, content type and body equal tests/integration/recorded/lead-endpoints.json", async () => {
    await runSequence();
    if (recording) {
      await mkdir(path.dirname(RECORDING), { recursive: true });
      await writeFile(RECORDING, serialise(answers));
    }
    const recorded = JSON.parse(await readFile(RECORDING, "utf8")) as Exchange[];
    // The same requests in the same order: otherwise the comparison below would pair the wrong answers.
    expect(answers.map((a) => `${a.request.method} ${a.request.path} — ${a.name}`)).toEqual(
      recorded.map((r) => `${r.request.method} ${r.request.path} — ${r.name}`),
    );
    for (const [i, answer] of answers.entries()) {
      const expected = recorded[i]!;
      const label = `#${i + 1} ${answer.request.method} ${answer.request.path} (${answer.name})`;
      expect.soft(answer.request, `${label}: pedido`).toEqual(expected.request);
      expect.soft(answer.status, `${label}: status`).toBe(expected.status);
      expect.soft(answer.contentType, `${label}: content-type`).toBe(expected.contentType);
      expect.soft(answer.body, `${label}: corpo`).toBe(expected.body);
    }
    // The file itself, byte for byte (its formatting included).
    expect(serialise(answers)).toBe(await readFile(RECORDING, "utf8"));
    // About 20 s alone on a quiet 2-core machine (some 50 proofs of work solved one after another,
    // a 5-MB upload): a limit against a hang, with room for `npm test`'s busy machine.
  }, 120_000);
});
