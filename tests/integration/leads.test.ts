/**
 * Lead capture end to end through real HTTP: each endpoint stores exactly one row for good input
 * and none for bad input, a filled honeypot kept apart as spam, the rate limit, the outbox row written with the lead and sent
 * by the worker through a local SMTP server (with a retry after an SMTP failure), 50 concurrent
 * submissions, admin APIs and CSV export.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import { adminSession, postJson, startTestApp, withProof, type TestApp } from "../helpers/app";
import { FAIL_MARKER, type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { LEAD_FORMS, type LeadForm, storedLead } from "../support/leads";
import { waitFor } from "../support/wait";

let smtp: FakeSmtp;
let app: TestApp;
let ipCounter = 0;
/** Each test speaks from its own address (TRUST_PROXY=1), so rate limits never leak between tests. */
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // RATE_LIMIT_FACTOR 0.3: 3 submissions per form and address in the window.
  app = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "0.3" });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** As the site's forms send it: with a solved proof of work (docs/decisions/0090). */
const post = async (path: string, body: unknown, ip = newIp()) =>
  postJson(`${app.url}${path}`, await withProof(app.url, body), { "x-forwarded-for": ip });

async function rows(table: LeadForm | "newsletterSubscribers" | "outbox" | "consentRecords") {
  const { outbox, leads } = app.schema;
  // The outbox's team notifications; the visitors' auto-replies (one per address per hour) are spam.test.ts's.
  if (table in LEAD_FORMS) {
    const kind = LEAD_FORMS[table as LeadForm].kind;
    return (await app.db().select({ value: count() }).from(leads).where(eq(leads.kind, kind)).then(first)).value;
  }
  const where = table === "outbox" ? sql`${outbox.kind} not like 'auto-reply.%'` : undefined;
  const other = app.schema[table as "newsletterSubscribers" | "outbox" | "consentRecords"];
  const { value } = await app.db().select({ value: count() }).from(other).where(where).then(first);
  return value;
}

const tag = () => randomUUID().slice(0, 8);
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

// ---------------------------------------------------------------- each endpoint: one row, or none
describe("POST /api/contact", () => {
  it("stores one contact, its policy consent record and one outbox row in the same transaction", async () => {
    const before = await Promise.all([rows("contacts"), rows("consentRecords"), rows("outbox")]);
    const res = await post("/api/contact", contact({ name: `Maria ${tag()}` }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    const after = await Promise.all([rows("contacts"), rows("consentRecords"), rows("outbox")]);
    expect(after).toEqual([before[0] + 1, before[1] + 1, before[2] + 1]);
    const [consent] = await app
      .db()
      .select()
      .from(app.schema.consentRecords)
      .where(eq(app.schema.consentRecords.purpose, "contact-policy"))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(consent).toMatchObject({ email: "maria@example.com", action: "granted", policyVersion: PRIVACY_POLICY_VERSION });
  });

  it.each([
    ["missing name", contact({ name: "" }), "name", "Nome é obrigatório"],
    ["missing company", contact({ company: "  " }), "company", "Empresa é obrigatória"],
    ["invalid email", contact({ email: "sem-arroba" }), "email", "Email inválido"],
    ["missing message", contact({ message: undefined }), "message", "Mensagem é obrigatória"],
    ["too long message", contact({ message: "x".repeat(5001) }), "message", "Use no máximo 5000 caracteres"],
    ["wrong type", contact({ name: 42 }), "name", "Valor inválido: envie um texto"],
  ])("refuses %s with 400 and the field message, storing nothing", async (_kind, body, field, message) => {
    const before = await Promise.all([rows("contacts"), rows("outbox")]);
    const res = await post("/api/contact", body);
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.errors[field]).toBe(message);
    expect(await Promise.all([rows("contacts"), rows("outbox")])).toEqual(before);
  });

  it("refuses malformed JSON, an empty body and an array with 400, storing nothing", async () => {
    const before = await rows("contacts");
    for (const body of ["{nome:", "", "[1,2]"]) {
      const res = await post("/api/contact", body);
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
    }
    expect(await rows("contacts")).toBe(before);
  });

  it("keeps a filled honeypot apart as spam, answered like a lead: no contact, no notification (docs/decisions/0090)", async () => {
    const before = await Promise.all([rows("contacts"), rows("outbox")]);
    const res = await post("/api/contact", contact({ website: "http://spam.example" }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    expect(await Promise.all([rows("contacts"), rows("outbox")])).toEqual(before);
    // Its id is the next contact's, not the spam row's: the answer cannot tell (docs/decisions/0106).
    const [spam] = await app.db().select().from(app.schema.spamSubmissions).orderBy(desc(app.schema.spamSubmissions.id)).limit(1);
    expect(spam?.reasons).toEqual(["honeypot"]);
  });

  it("rate-limits each address per form with a clear 429 message", async () => {
    const ip = newIp();
    const before = await rows("contacts");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post("/api/contact", contact(), ip)).status);
    const blocked = await post("/api/contact", contact(), ip);
    expect(statuses).toEqual([201, 201, 201]);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/^Muitos envios em pouco tempo\. Aguarde \d+ minutos? e tente novamente\.$/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rows("contacts")).toBe(before + 3);
    // Another form from the same address has its own counter.
    expect((await post("/api/consultations", consultation(), ip)).status).toBe(201);
  });

  it("counts an IPv6 /64 as one network: a host cannot step around the limit with new addresses", async () => {
    const network = `2001:db8:${(ipCounter++).toString(16)}:7`;
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await post("/api/contact", contact(), `${network}::${i.toString(16)}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("answers 405 to GET", async () => {
    const res = await fetch(`${app.url}/api/contact`);
    expect(res.status).toBe(405);
  });
});

describe("POST /api/careers/application", () => {
  it("stores one application and answers { ok: true, success: true }", async () => {
    const before = await Promise.all([rows("careerApplications"), rows("outbox")]);
    const res = await post("/api/careers/application", application());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ok: true, success: true });
    expect(await Promise.all([rows("careerApplications"), rows("outbox")])).toEqual([before[0] + 1, before[1] + 1]);
  });

  it.each([
    ["short name", { name: "A" }, "name", "Nome deve ter pelo menos 2 caracteres"],
    ["invalid email", { email: "x@" }, "email", "Email inválido"],
    ["short phone", { phone: "1199" }, "phone", "Telefone deve ter pelo menos 10 dígitos"],
    ["no position", { position: "" }, "position", "Selecione uma vaga"],
    ["short experience", { experience: "Pouca." }, "experience", "Descreva sua experiência com pelo menos 50 caracteres"],
    ["short motivation", { motivation: "Porque sim." }, "motivation", "Explique sua motivação com pelo menos 50 caracteres"],
    ["javascript: LinkedIn", { linkedinUrl: "javascript:alert(1)" }, "linkedinUrl", "URL do LinkedIn inválida"],
    ["bad portfolio", { portfolioUrl: "meu site" }, "portfolioUrl", "URL do portfólio inválida"],
  ])("refuses %s with the spec's message and ok: false", async (_kind, over, field, message) => {
    const before = await rows("careerApplications");
    const res = await post("/api/careers/application", application(over));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, success: false });
    expect(res.json.errors[field]).toBe(message);
    expect(await rows("careerApplications")).toBe(before);
  });
});

describe("POST /api/business-optimization", () => {
  it("stores one questionnaire and answers { success, data: { id } }", async () => {
    const before = await rows("businessOptimizations");
    const res = await post("/api/business-optimization", questionnaire());
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true, data: { id: expect.any(Number) } });
    expect(await rows("businessOptimizations")).toBe(before + 1);
    const row = await storedLead(app.db(), app.schema, "businessOptimizations", res.json.data.id);
    expect(row).toMatchObject({ companyName: "Indústria Ação", budget: "25k-50k", bottlenecks: null });
  });

  it.each([
    ["no company", { companyName: "" }, "companyName", "Nome da empresa é obrigatório"],
    ["no contact", { contactName: "" }, "contactName", "Nome do contato é obrigatório"],
    ["no email", { email: "" }, "email", "Email é obrigatório"],
    ["invalid email", { email: "ana" }, "email", "Email inválido"],
    ["unknown budget", { budget: "um-milhao" }, "budget", "Selecione uma opção válida"],
  ])("refuses %s with success: false and an error text", async (_kind, over, field, message) => {
    const before = await rows("businessOptimizations");
    const res = await post("/api/business-optimization", questionnaire(over));
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(typeof res.json.error).toBe("string");
    expect(res.json.errors[field]).toBe(message);
    expect(await rows("businessOptimizations")).toBe(before);
  });
});

describe("POST /api/consultations", () => {
  it("stores one pending request with the button that opened it", async () => {
    const res = await post("/api/consultations", consultation({ name: `Pedro ${tag()}` }));
    expect(res.status).toBe(201);
    const row = await storedLead(app.db(), app.schema, "consultations", res.json.data.id);
    expect(row).toMatchObject({ status: "pending", source: "Solicitar Apresentação de Cases", industryArea: "Logística" });
  });

  it("refuses a short phone and a missing industry area, storing nothing", async () => {
    const before = await rows("consultations");
    const res = await post("/api/consultations", consultation({ phone: "123", industryArea: "" }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      phone: "Telefone deve ter pelo menos 10 dígitos",
      industryArea: "Área de atuação é obrigatória",
    });
    expect(await rows("consultations")).toBe(before);
  });
});

// The newsletter (double opt-in, one answer for every address) has its own file: newsletter.test.ts.

// ---------------------------------------------------------------- notification e-mails
describe("outbox worker", () => {
  it("sends the lead's notification through SMTP and marks it sent", async () => {
    const marker = `MARCA${tag()}`;
    await post("/api/contact", contact({ name: marker }));
    const { outbox } = app.schema;
    const row = await waitFor(
      async () => {
        const r = await app
          .db()
          .select()
          .from(outbox)
          .where(like(outbox.subject, `%${marker}%`));
        return r[0]?.status === "sent" ? r : undefined;
      },
      { message: "a notificação não foi marcada como enviada" },
    ).then(first);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
    expect(smtp.received.some((raw) => raw.includes(marker) && raw.includes("contato@agileia.com.br"))).toBe(true);
  });

  it("retries after an SMTP failure, recording the error, then sends", async () => {
    const marker = `${FAIL_MARKER}-${tag()}`;
    await post("/api/contact", contact({ name: marker }));
    const { outbox } = app.schema;
    const byMarker = async () =>
      (
        await app
          .db()
          .select()
          .from(outbox)
          .where(like(outbox.subject, `%${marker}%`))
      )[0];
    const failed = await waitFor(
      async () => {
        const r = await byMarker();
        return r && r.status === "pending" && r.attempts === 1 ? r : undefined;
      },
      { message: "a primeira tentativa não falhou" },
    );
    expect(failed.lastError).toContain("Falha temporária simulada");
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // backoff, not an immediate loop
    // Time passes: make the retry due now.
    await app
      .db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, failed.id));
    const sent = await waitFor(
      async () => {
        const r = await byMarker();
        return r?.status === "sent" ? r : undefined;
      },
      { message: "a segunda tentativa não enviou" },
    );
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.received.some((raw) => raw.includes(marker))).toBe(true);
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const marker = `SEMPREFALHA${tag()}`;
    await post("/api/contact", contact({ name: marker }));
    const { outbox } = app.schema;
    const byMarker = async () =>
      (
        await app
          .db()
          .select()
          .from(outbox)
          .where(like(outbox.subject, `%${marker}%`))
      )[0];
    const first = await waitFor(
      async () => {
        const r = await byMarker();
        return r && r.status === "pending" && r.attempts === 1 ? r : undefined;
      },
      { message: "a primeira tentativa não falhou" },
    );
    // Seven attempts already made: the next one is the last.
    await app
      .db()
      .update(outbox)
      .set({ attempts: 7, nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, first.id));
    const failed = await waitFor(
      async () => {
        const r = await byMarker();
        return r?.status === "failed" ? r : undefined;
      },
      { message: "a mensagem não foi marcada como falha" },
    );
    expect(failed.attempts).toBe(8);
    expect(failed.lastError).toContain("Caixa indisponível");
    expect(failed.sentAt).toBeNull();
  });
});

// ---------------------------------------------------------------- concurrency
describe("50 concurrent submissions", () => {
  it("stores exactly as many rows as 2xx answers", async () => {
    const marker = `LOTE${tag()}`;
    // Each with its own proof of work, solved first: the 50 posts then arrive together.
    const bodies = await Promise.all(Array.from({ length: 50 }, (_, i) => withProof(app.url, contact({ name: `${marker} ${i}` }))));
    const results = await Promise.all(bodies.map((body) => postJson(`${app.url}/api/contact`, body, { "x-forwarded-for": newIp() })));
    const ok = results.filter((r) => r.status >= 200 && r.status < 300).length;
    const { leads, outbox } = app.schema;
    const { value: stored } = await app
      .db()
      .select({ value: count() })
      .from(leads)
      .where(and(eq(leads.kind, "contatos"), like(leads.name, `${marker} %`)))
      .then(first);
    const { value: queued } = await app
      .db()
      .select({ value: count() })
      .from(outbox)
      .where(like(outbox.subject, `%${marker} %`))
      .then(first);
    console.log(`50 concurrent submissions: ${ok} answered 2xx, ${stored} rows stored, ${queued} notifications queued`);
    expect(ok).toBe(50);
    expect(stored).toBe(ok);
    expect(queued).toBe(ok);
  }, 120_000);
});

// ---------------------------------------------------------------- admin
describe("admin APIs and export", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await adminSession(app);
  });

  it.each(["/api/contacts", "/api/consultations", "/api/business-optimizations", "/api/leads/contatos/export"])(
    "%s answers 401 JSON without a session",
    async (path) => {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(401);
      expect((await res.json()).success).toBe(false);
    },
  );

  it("lists contacts, consultations and questionnaires as { success, data: [...] }", async () => {
    for (const path of ["/api/contacts", "/api/consultations", "/api/business-optimizations"]) {
      const res = await fetch(`${app.url}${path}?t=${Date.now()}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const body = await res.json();
      expect(body.success).toBe(true);
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.data.length).toBeGreaterThan(0);
    }
  });

  it("the questionnaire poll answers 304 without a body while nothing changed, and the new list once one arrives", async () => {
    const poll = (etag?: string, page = 1) =>
      fetch(`${app.url}/api/business-optimizations?pagina=${page}&t=${Date.now()}`, {
        headers: { cookie, "cache-control": "no-cache", ...(etag ? { "if-none-match": etag } : {}) },
      });
    const first = await poll();
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ success: true, page: 1 });
    expect(firstBody.data.length).toBeLessThanOrEqual(20);

    const same = await poll(etag);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("cache-control")).toContain("no-store");

    expect((await post("/api/business-optimization", questionnaire())).status).toBe(201);
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.json()).total).toBe(firstBody.total + 1);
    // Each page has its own version.
    expect((await poll(changed.headers.get("etag")!, 2)).status).toBe(200);
  });

  it("the questionnaire page shows 20 at a time with 'Anterior' and 'Próxima'", async () => {
    const have = await rows("businessOptimizations");
    for (let i = have; i < 21; i++) expect((await post("/api/business-optimization", questionnaire())).status).toBe(201);
    const total = await rows("businessOptimizations");
    const page = async (n: number) => (await fetch(`${app.url}/admin/business-optimizations?pagina=${n}`, { headers: { cookie } })).text();
    const one = await page(1);
    expect(one.match(/data-testid="submission"/g)).toHaveLength(20);
    expect(one).toContain(`Página 1 de ${Math.ceil(total / 20)}`);
    expect(one).toContain("Próxima");
    const last = await page(99);
    expect(last).toContain("Anterior");
    expect(last.match(/data-testid="submission"/g)).toHaveLength(total % 20 || 20);
  });

  it("changes a consultation's status (PATCH) and audits it", async () => {
    const created = await post("/api/consultations", consultation());
    const id = created.json.data.id;
    const patch = (status: string) =>
      fetch(`${app.url}/api/consultations/${id}`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
    expect((await patch("inventado")).status).toBe(400);
    const res = await patch("contacted");
    expect(res.status).toBe(200);
    const row = (await storedLead(app.db(), app.schema, "consultations", id))!;
    expect(row.status).toBe("contacted");
    const audits = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(eq(app.schema.auditLog.target, `consultation:${id}`));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: "admin", action: "lead.consultation.status" });
  });

  it("exports CSV in UTF-8 with BOM, accents intact, formulas neutralised, and audits the export", async () => {
    const name = `João Ação ${tag()}`;
    await post("/api/contact", contact({ name, message: '=HYPERLINK("http://x")' }));
    const res = await fetch(`${app.url}/api/leads/contatos/export?q=${encodeURIComponent(name)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("ID;Nome;Empresa;E-mail;Telefone;Mensagem;Recebida em");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain("Souza & Filhos Ltda");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const audits = await app.db().select().from(app.schema.auditLog).where(eq(app.schema.auditLog.action, "lead.export"));
    expect(audits.length).toBeGreaterThan(0);
  });

  it("shows a script payload as text in the admin pages", async () => {
    const payload = `<script>alert("xss-${tag()}")</script><img src=x onerror=alert(1)>`;
    const created = await post("/api/contact", contact({ name: "Teste XSS", message: payload }));
    for (const path of ["/admin/dashboard", `/admin/leads/contatos?q=Teste%20XSS`, `/admin/leads/funil/contatos/${created.json.data.id}`]) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain(payload);
      // Escaped as text: "<" must become "&lt;" (">" alone opens nothing, so renderers may leave it).
      expect(html).toMatch(/&lt;script(&gt;|>)alert\(/);
    }
  });

  it("renders the lead pages with search and pagination", async () => {
    const res = await fetch(`${app.url}/admin/leads/contatos?q=${encodeURIComponent("LOTE")}&page=2`, { headers: { cookie } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Mensagens de contato");
    expect(html).toMatch(/Página 2 de 3/);
    expect((await fetch(`${app.url}/admin/leads/desconhecido`, { headers: { cookie } })).status).toBe(404);
  });
});
