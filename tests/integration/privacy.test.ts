/**
 * Privacy and accountability (LGPD; README "Privacy"): legal pages, data-subject requests (search, export,
 * correction, erasure), retention and the append-only audit log, through real HTTP on a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { loginCookie, startTestApp, usingPostgres, type TestApp } from "../helpers/app";
import { insertLead, type LeadForm } from "../support/leads";
import { atLeast } from "../support/rows";
import { columnsHolding } from "../support/stored-text";

const DPO = "encarregado@exemplo.com.br";
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp({ DPO_EMAIL: DPO });
  // Through the form: the audit log's filters below read this login's row.
  cookie = await loginCookie(app);
});
afterAll(() => app?.close());

const DAY = 24 * 3600 * 1000;
const days = (n: number) => new Date(Date.now() - n * DAY);
/** Calendar months back, then a few days further back (older) or forward (younger): clear of any edge. */
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};
const olderThan = (n: number) => new Date(monthsAgo(n).getTime() - 5 * DAY);
const youngerThan = (n: number) => new Date(monthsAgo(n).getTime() + 5 * DAY);

/** When the seeded order was paid: erasure must keep it (tax records), anonymising only the payer. */
const ORDER_PAID_AT = new Date("2026-01-15T12:00:00.000Z");

/** Puts one person in every table that holds personal data; returns the ids per table. */
async function seedPerson(email: string, name: string) {
  const s = app.schema;
  const db = app.db();
  const mixed = email.replace(/^./, (c) => c.toUpperCase()); // stored with other casing
  const contact = await insertLead(db, s, "contacts", {
    name,
    company: "Empresa Teste",
    email: mixed,
    phone: "11999990000",
    message: "Quero um agente de IA",
  });
  const consultation = await insertLead(db, s, "consultations", {
    name,
    email,
    phone: "11999990000",
    company: "Empresa Teste",
    industryArea: "Varejo",
  });
  const questionnaire = await insertLead(db, s, "businessOptimizations", {
    contactName: name,
    companyName: "Empresa Teste",
    email,
    phone: "11999990000",
    position: "CTO",
  });
  const application = await insertLead(db, s, "careerApplications", {
    name,
    email,
    phone: "11999990000",
    position: "Engenheiro(a) de IA Sênior",
    experience: "x".repeat(60),
    motivation: "y".repeat(60),
  });
  const subscriber = await db
    .insert(s.newsletterSubscribers)
    .values({ email, source: "footer", policyVersion: "1.0", unsubscribeToken: `tok-${email}` })
    .returning()
    .then(first);
  const consents = await db
    .insert(s.consentRecords)
    .values([
      { email, purpose: "newsletter", policyVersion: "1.0", source: "footer", ip: "203.0.113.9", userAgent: "Teste" },
      { email: mixed, purpose: "contact-policy", policyVersion: "1.0", source: "contact-form" },
    ])
    .returning();
  const chat = await db
    .insert(s.chatSessions)
    .values({ sessionId: `sess-${email}`, email, phone: "11999990000", company: "Empresa Teste" })
    .returning()
    .then(first);
  // A conversation without the e-mail column, where the visitor typed the address.
  const chatTyped = await db
    .insert(s.chatSessions)
    .values({ sessionId: `sess-typed-${email}`, offline: true })
    .returning()
    .then(first);
  const messages = await db
    .insert(s.chatMessages)
    .values([
      { chatSessionId: chat.id, role: "user", content: "Olá, quero automatizar o atendimento" },
      { chatSessionId: chat.id, role: "assistant", content: "Claro! Conte mais." },
      { chatSessionId: chatTyped.id, role: "user", content: `meu e-mail é ${email}` },
    ])
    .returning();
  const order = await db
    .insert(s.orders)
    .values({
      kind: "product",
      itemId: "chatbot",
      itemName: "Chatbot",
      amountCents: 350000,
      status: "paid",
      provider: "demo",
      checkoutSessionId: `cs_${randomUUID()}`,
      customerEmail: email,
      customerName: name,
      paidAt: ORDER_PAID_AT,
    })
    .returning()
    .then(first);
  const subscription = await db
    .insert(s.subscriptions)
    .values({ providerSubscriptionId: `sub_${randomUUID()}`, planId: "plano-essencial", status: "active", customerEmail: email })
    .returning()
    .then(first);
  const mail = await db
    .insert(s.outbox)
    .values({ kind: "lead.contact", recipient: "contato@agileia.com.br", subject: "Novo contato", body: `Nome: ${name}\nE-mail: ${email}` })
    .returning()
    .then(first);
  await db.insert(s.rateLimits).values({ key: `newsletter:${email}`, count: 1, resetAt: new Date(Date.now() + 60_000) });
  return {
    // Rows of `leads` and of the answers tables, by the lead's id (docs/decisions/0135).
    leads: [contact.leadId, consultation.leadId, questionnaire.leadId, application.leadId],
    contactAnswers: [contact.leadId],
    consultationAnswers: [consultation.leadId],
    questionnaireAnswers: [questionnaire.leadId],
    applicationAnswers: [application.leadId],
    newsletterSubscribers: [subscriber.id],
    consentRecords: consents.map((c) => c.id),
    chatSessions: [chat.id, chatTyped.id],
    chatMessages: messages.map((m) => m.id),
    orders: [order.id],
    subscriptions: [subscription.id],
    outbox: [mail.id],
  };
}

async function postForm(pathname: string, fields: Record<string, string>, withCookie = true) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(withCookie ? { cookie, origin: app.url } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function auditRows(action: string) {
  const { auditLog } = app.schema;
  return app.db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

/** Rendered text without React's SSR text separators. */
const plainHtml = (html: string) => html.replaceAll("<!-- -->", "");

/** Every text-like column of every table in the app's schema that holds `needle`. */
const occurrences = (needle: string) => columnsHolding(app, needle);

describe("legal pages", () => {
  it.each([
    // The page analytics (docs/decisions/0040) changed the privacy and cookie policies: version 1.1; the CV sent
    // with an application (docs/decisions/0093), the spam quarantine and the auto-reply (docs/decisions/0091,
    // 0092) the privacy policy again: 1.2. Each page shows the date of its own version.
    ["/privacidade", "Política de Privacidade", "1.2", "27 de novembro de 2026"],
    ["/termos", "Termos de Uso", "1.0", "22 de novembro de 2026"],
    ["/cookies", "Política de Cookies", "1.1", "25 de novembro de 2026"],
  ])("%s renders its heading, version and date", async (pathname, heading, version, date) => {
    const res = await fetch(`${app.url}${pathname}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toContain(date);
    expect(html).toMatch(new RegExp(`Versão (<!-- -->)?${version.replace(".", "\\.")}`));
    expect(html).toContain(`<title>${heading} | Agile IA</title>`);
  });

  it("the privacy policy names the encarregado from DPO_EMAIL, legal bases, recipients and the job's retention periods", async () => {
    const html = await (await fetch(`${app.url}/privacidade`)).text();
    expect(html).toContain(`mailto:${DPO}`);
    for (const text of [
      "art. 7º, I",
      "art. 7º, V",
      "art. 7º, IX",
      "art. 7º, II",
      "Stripe",
      "assistente de chat",
      "Provedor de e-mail",
      "art. 33",
      "art. 18",
      "Estatísticas de visitas (sem cookies)",
      "24 meses",
      "12 meses",
      "90 dias",
      "5 anos",
      "6 anos",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("the cookie policy lists only the sid and flash cookies", async () => {
    const html = await (await fetch(`${app.url}/cookies`)).text();
    expect(html).toContain("<code>sid</code>");
    expect(html).toContain("<code>flash</code>");
    expect(html).toContain("não exibimos um aviso de cookies");
  });
});

describe("data-subject requests", () => {
  const email = "maria.titular@example.com";
  const other = "joao.controle@example.com";
  let ids: Awaited<ReturnType<typeof seedPerson>>;
  let otherIds: Awaited<ReturnType<typeof seedPerson>>;

  beforeAll(async () => {
    ids = await seedPerson(email, "Maria Titular");
    otherIds = await seedPerson(other, "João Controle");
  });

  it("search finds the person in every table, and the audit row does not hold the e-mail", async () => {
    const res = await postForm("/admin/privacidade", { intent: "search", subject: "  MARIA.titular@example.com " });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const group of [
      "leads",
      "contactAnswers",
      "consultationAnswers",
      "questionnaireAnswers",
      "applicationAnswers",
      "newsletterSubscribers",
      "consentRecords",
      "chatSessions",
      "orders",
      "subscriptions",
      "outbox",
    ]) {
      expect(html).toContain(`data-testid="group-${group}"`);
    }
    expect(html).not.toContain(other);
    const audit = await auditRows("privacy.search").then(first);
    expect(audit.actor).toBe("admin");
    expect(audit.target).toMatch(/^titular:[0-9a-f]{12}$/);
    expect(JSON.stringify(audit)).not.toContain("maria");
    expect((audit.details as { found: Record<string, number> }).found).toMatchObject({
      leads: 4,
      contactAnswers: 1,
      consentRecords: 2,
      chatSessions: 2,
      chatMessages: 3,
      outbox: 1,
    });
  });

  it("a search with an invalid address is refused with 400", async () => {
    const res = await postForm("/admin/privacidade", { intent: "search", subject: "não é e-mail" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Informe um e-mail válido.");
  });

  it("exports every row as JSON, and writes one audit row", async () => {
    const before = (await auditRows("privacy.export")).length;
    const res = await postForm("/admin/privacidade/exportar", { email, format: "json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="dados-titular-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = (await res.json()) as {
      titular: string;
      tabelas: Record<string, Array<{ id?: number; leadId?: number; messages?: Array<{ id: number }> }>>;
    };
    expect(doc.titular).toBe(email);
    const sqlNames: Record<string, string> = {
      leads: "leads",
      contactAnswers: "contact_answers",
      consultationAnswers: "consultation_answers",
      questionnaireAnswers: "questionnaire_answers",
      applicationAnswers: "application_answers",
      newsletterSubscribers: "newsletter_subscribers",
      consentRecords: "consent_records",
      chatSessions: "chat_sessions",
      orders: "orders",
      subscriptions: "subscriptions",
      outbox: "outbox",
    };
    for (const [key, table] of Object.entries(sqlNames)) {
      expect(doc.tabelas[table]?.map((r) => r.id ?? r.leadId).sort(), table).toEqual([...ids[key as keyof typeof ids]].sort());
    }
    expect(doc.tabelas.chat_sessions?.flatMap((s) => s.messages!.map((m) => m.id)).sort()).toEqual([...ids.chatMessages].sort());
    expect(JSON.stringify(doc)).not.toContain(other);
    expect((await auditRows("privacy.export")).length).toBe(before + 1);
  });

  it("exports CSV in UTF-8 with BOM, one line per field of every row", async () => {
    const res = await fetch(`${app.url}/admin/privacidade/exportar`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ email, format: "csv" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split(/\r?\n/)[0]).toBe("tabela,registro,campo,valor");
    for (const table of [
      "leads",
      "contact_answers",
      "consultation_answers",
      "questionnaire_answers",
      "application_answers",
      "newsletter_subscribers",
      "consent_records",
      "chat_sessions",
      "chat_messages",
      "orders",
      "subscriptions",
      "outbox",
    ]) {
      expect(text).toContain(`\n${table},`);
    }
    expect(text).toContain("Engenheiro(a) de IA Sênior");
    expect(text).toContain(`chat_messages,${ids.chatMessages[2]},content,meu e-mail é ${email}`);
  });

  it("export refuses bad input with 400 JSON", async () => {
    const res = await postForm("/admin/privacidade/exportar", { email: "x", format: "xml" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("corrects a record, auditing which fields changed but not their values", async () => {
    const res = await postForm("/admin/privacidade", {
      intent: "correct",
      subject: email,
      table: "leads",
      id: String(ids.contactAnswers[0]),
      name: "Maria T. Corrigida",
      company: "Empresa Teste",
      email,
      phone: "11988887777",
    });
    expect(res.status).toBe(200);
    const { leads } = app.schema;
    const row = await app
      .db()
      .select()
      .from(leads)
      .where(eq(leads.id, first(ids.contactAnswers)))
      .then(first);
    expect(row).toMatchObject({ name: "Maria T. Corrigida", phone: "11988887777", email });
    const audit = await auditRows("privacy.correct").then(first);
    expect(audit.target).toBe(`leads:${ids.contactAnswers[0]}`);
    expect(audit.details).toEqual({ fields: ["name", "email", "phone"] });
    expect(JSON.stringify(audit)).not.toContain("Corrigida");
  });

  it("refuses an invalid correction and leaves the row as it was", async () => {
    const before = (await auditRows("privacy.correct")).length;
    const bad = await postForm("/admin/privacidade", {
      intent: "correct",
      subject: email,
      table: "leads",
      id: String(ids.consultationAnswers[0]),
      email: "sem-arroba",
      name: "",
    });
    expect(bad.status).toBe(400);
    const unknown = await postForm("/admin/privacidade", { intent: "correct", subject: email, table: "users", id: "1", name: "x" });
    expect(unknown.status).toBe(400);
    const { leads } = app.schema;
    const row = await app
      .db()
      .select()
      .from(leads)
      .where(eq(leads.id, first(ids.consultationAnswers)))
      .then(first);
    expect(row.email).toBe(email);
    expect((await auditRows("privacy.correct")).length).toBe(before);
  });

  it("erasure needs the typed e-mail as confirmation", async () => {
    const res = await postForm("/admin/privacidade", { intent: "erase", subject: email, confirm: "outra@example.com" });
    expect(res.status).toBe(400);
    const { leads } = app.schema;
    expect(await app.db().select().from(leads).where(inArray(leads.id, ids.leads))).toHaveLength(4);
    expect(await auditRows("privacy.erase")).toHaveLength(0);
  });

  it("erases everything in one go: no trace of the e-mail anywhere, tax and consent proof kept anonymised", async () => {
    expect((await occurrences(email)).length).toBeGreaterThan(5);
    const res = await postForm("/admin/privacidade", { intent: "erase", subject: email, confirm: email.toUpperCase() });
    expect(res.status).toBe(200);

    expect(await occurrences(email)).toEqual([]);
    expect(await occurrences("Maria T")).toEqual([]); // the name went too

    const s = app.schema;
    const db = app.db();
    const gone = async (table: any, list: number[]) =>
      (
        await db
          .select()
          .from(table)
          .where(inArray(table.id ?? table.leadId, list))
      ).length;
    for (const key of [
      "leads",
      "contactAnswers",
      "consultationAnswers",
      "questionnaireAnswers",
      "applicationAnswers",
      "newsletterSubscribers",
      "chatSessions",
      "chatMessages",
      "outbox",
    ] as const) {
      expect(await gone(s[key], ids[key]), key).toBe(0);
    }
    const order = await db
      .select()
      .from(s.orders)
      .where(eq(s.orders.id, first(ids.orders)))
      .then(first);
    expect(order).toMatchObject({
      customerEmail: "[anonimizado]",
      customerName: "[anonimizado]",
      amountCents: 350000,
      itemId: "chatbot",
      itemName: "Chatbot",
      status: "paid",
    });
    // The financial record keeps its dates: only who paid is anonymised.
    expect(order.paidAt).toEqual(ORDER_PAID_AT);
    const subscription = await db
      .select()
      .from(s.subscriptions)
      .where(eq(s.subscriptions.id, first(ids.subscriptions)))
      .then(first);
    expect(subscription).toMatchObject({ customerEmail: "[anonimizado]", planId: "plano-essencial", status: "active" });
    const consents = await db.select().from(s.consentRecords).where(inArray(s.consentRecords.id, ids.consentRecords));
    expect(consents).toHaveLength(2);
    expect(new Set(consents.map((c) => c.email)).size).toBe(1);
    expect(first(consents).email).toMatch(/^hash:[0-9a-f]{64}$/);
    expect(consents.map((c) => c.purpose).sort()).toEqual(["contact-policy", "newsletter"]);

    // The other person is untouched.
    for (const key of Object.keys(otherIds) as Array<keyof typeof otherIds>) {
      expect(await gone(s[key], otherIds[key]), key).toBe(otherIds[key].length);
    }
    expect((await occurrences(other)).length).toBeGreaterThan(5);

    const audit = await auditRows("privacy.erase").then(first);
    expect(audit.target).toMatch(/^titular:[0-9a-f]{12}$/);
    expect(audit.details).toMatchObject({
      deleted: { leads: 4, contactAnswers: 1, chatSessions: 2, chatMessages: 3, outbox: 1, rateLimits: 1 },
      anonymised: { orders: 1, subscriptions: 1 },
      pseudonymised: { consentRecords: 2 },
    });
  });

  it("after erasure a new request finds only the pseudonymised proof of consent", async () => {
    const res = await postForm("/admin/privacidade/exportar", { email, format: "json" });
    const doc = (await res.json()) as { tabelas: Record<string, unknown[]> };
    const nonEmpty = Object.entries(doc.tabelas)
      .filter(([, rows]) => rows.length > 0)
      .map(([t]) => t);
    expect(nonEmpty).toEqual(["consent_records"]);
  });
});

// SECURITY.md: a person is their whole address, never a substring of another one.
describe("data-subject requests match the whole address", () => {
  const subject = "a@b.com";
  const lookalikes = ["ana@b.com", "maria.a@b.com", "a@b.com.br"];
  let ids: Awaited<ReturnType<typeof seedPerson>>;
  const others: Array<Awaited<ReturnType<typeof seedPerson>>> = [];

  beforeAll(async () => {
    ids = await seedPerson(subject, "Pessoa A");
    for (const email of lookalikes) others.push(await seedPerson(email, `Pessoa ${email}`));
  });

  it(`export of ${subject} holds only its own rows (not ${lookalikes.join(", ")})`, async () => {
    const res = await postForm("/admin/privacidade/exportar", { email: subject, format: "json" });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { tabelas: Record<string, Array<{ id: number; leadId?: number; messages?: Array<{ id: number }> }>> };
    expect(doc.tabelas.outbox?.map((r) => r.id)).toEqual(ids.outbox);
    expect(doc.tabelas.chat_sessions?.map((r) => r.id).sort()).toEqual([...ids.chatSessions].sort());
    expect(doc.tabelas.contact_answers?.map((r) => r.leadId)).toEqual(ids.contactAnswers);
    for (const email of lookalikes) expect(JSON.stringify(doc)).not.toContain(email);
  });

  it(`erasure of ${subject} leaves every row of the others`, async () => {
    const res = await postForm("/admin/privacidade", { intent: "erase", subject, confirm: subject });
    expect(res.status).toBe(200);
    const s = app.schema;
    const kept = async (table: any, list: number[]) =>
      (
        await app
          .db()
          .select()
          .from(table)
          .where(inArray(table.id ?? table.leadId, list))
      ).length;
    expect(await kept(s.outbox, ids.outbox)).toBe(0);
    expect(await kept(s.chatMessages, ids.chatMessages)).toBe(0);
    for (const [i, other] of others.entries()) {
      for (const key of Object.keys(other) as Array<keyof typeof other>) {
        expect(await kept(s[key], other[key]), `${lookalikes[i]} ${key}`).toBe(other[key].length);
      }
    }
    const limits = await app.db().select().from(s.rateLimits);
    for (const email of lookalikes)
      expect(
        limits.some((l) => l.key === `newsletter:${email}`),
        email,
      ).toBe(true);
  });
});

describe("retention", () => {
  async function seedAged() {
    const s = app.schema;
    const db = app.db();
    const lead = (createdAt: Date, tag: string) => ({ name: tag, company: "C", email: `${tag}@ret.example`, message: "m", createdAt });
    const two = <T extends Record<string, unknown>>(form: LeadForm, rows: [T, T]) =>
      Promise.all(rows.map((row) => insertLead(db, s, form, row)));
    const [oldContact, newContact] = await two("contacts", [lead(olderThan(24), "c-old"), lead(youngerThan(24), "c-new")]);
    const [oldConsult, newConsult] = await two("consultations", [
      { name: "a", email: "a@ret.example", phone: "1", company: "c", industryArea: "x", createdAt: olderThan(24) },
      { name: "b", email: "b@ret.example", phone: "1", company: "c", industryArea: "x", createdAt: youngerThan(24) },
    ]);
    const [oldQuest, newQuest] = await two("businessOptimizations", [
      { email: "q1@ret.example", createdAt: olderThan(24) },
      { email: "q2@ret.example", createdAt: youngerThan(24) },
    ]);
    const app1 = { email: "cand@ret.example", phone: "1", position: "p", experience: "e", motivation: "m" };
    const [oldApp, newApp] = await two("careerApplications", [
      { ...app1, name: "old", createdAt: olderThan(12) },
      { ...app1, name: "new", createdAt: youngerThan(12) },
    ]);
    const [oldChat, revivedChat, newChat] = await db
      .insert(s.chatSessions)
      .values([
        { sessionId: "ret-old", createdAt: olderThan(12), updatedAt: olderThan(12) },
        { sessionId: "ret-revived", createdAt: olderThan(12), updatedAt: olderThan(12) },
        { sessionId: "ret-new", createdAt: youngerThan(12), updatedAt: youngerThan(12) },
      ])
      .returning()
      .then(atLeast(3));
    await db.insert(s.chatMessages).values([
      { chatSessionId: oldChat.id, role: "user", content: "velha", createdAt: olderThan(12) },
      { chatSessionId: revivedChat.id, role: "user", content: "antiga", createdAt: olderThan(12) },
      { chatSessionId: revivedChat.id, role: "user", content: "recente", createdAt: days(3) },
    ]);
    const [oldMail, newMail] = await db
      .insert(s.outbox)
      .values([
        { kind: "k", recipient: "r", subject: "s", body: "b", status: "sent", createdAt: days(91) },
        { kind: "k", recipient: "r", subject: "s", body: "b", status: "sent", createdAt: days(89) },
      ])
      .returning()
      .then(atLeast(2));
    const [goneSub, recentUnsub, activeOld] = await db
      .insert(s.newsletterSubscribers)
      .values([
        {
          email: "unsub-old@ret.example",
          status: "unsubscribed",
          unsubscribedAt: days(31),
          unsubscribeToken: "r1",
          createdAt: olderThan(30),
        },
        {
          email: "unsub-new@ret.example",
          status: "unsubscribed",
          unsubscribedAt: days(29),
          unsubscribeToken: "r2",
          createdAt: olderThan(30),
        },
        { email: "ativo@ret.example", status: "active", unsubscribeToken: "r3", createdAt: olderThan(70) },
      ])
      .returning()
      .then(atLeast(3));
    const consent = { purpose: "newsletter", policyVersion: "1.0", source: "footer" };
    const [oldConsent, activeConsent, newConsent] = await db
      .insert(s.consentRecords)
      .values([
        { ...consent, email: "unsub-old@ret.example", createdAt: olderThan(60) },
        { ...consent, email: "ATIVO@ret.example", createdAt: olderThan(60) },
        { ...consent, email: "x@ret.example", createdAt: youngerThan(60) },
      ])
      .returning()
      .then(atLeast(3));
    const order = { kind: "product", itemId: "chatbot", itemName: "Chatbot", amountCents: 100, status: "paid", provider: "demo" };
    const [oldOrder, newOrder] = await db
      .insert(s.orders)
      .values([
        { ...order, customerEmail: "o1@ret.example", customerName: "Old", createdAt: olderThan(72) },
        { ...order, customerEmail: "o2@ret.example", customerName: "New", createdAt: youngerThan(72) },
      ])
      .returning()
      .then(atLeast(2));
    const [endedSub, activeSub] = await db
      .insert(s.subscriptions)
      .values([
        {
          providerSubscriptionId: "ret-s1",
          planId: "plano-essencial",
          status: "canceled",
          customerEmail: "s1@ret.example",
          canceledAt: olderThan(72),
          createdAt: olderThan(80),
        },
        {
          providerSubscriptionId: "ret-s2",
          planId: "plano-essencial",
          status: "active",
          customerEmail: "s2@ret.example",
          createdAt: olderThan(80),
          updatedAt: olderThan(80),
        },
      ])
      .returning()
      .then(atLeast(2));
    return {
      expired: {
        leads: [oldContact!.leadId, oldConsult!.leadId, oldQuest!.leadId, oldApp!.leadId],
        contactAnswers: [oldContact!.leadId],
        applicationAnswers: [oldApp!.leadId],
        chatSessions: [oldChat.id],
        outbox: [oldMail.id],
        newsletterSubscribers: [goneSub.id],
        consentRecords: [oldConsent.id],
      },
      kept: {
        leads: [newContact!.leadId, newConsult!.leadId, newQuest!.leadId, newApp!.leadId],
        contactAnswers: [newContact!.leadId],
        applicationAnswers: [newApp!.leadId],
        chatSessions: [revivedChat.id, newChat.id],
        outbox: [newMail.id],
        newsletterSubscribers: [recentUnsub.id, activeOld.id],
        consentRecords: [activeConsent.id, newConsent.id],
      },
      orders: { old: oldOrder.id, recent: newOrder.id },
      subscriptions: { ended: endedSub.id, active: activeSub.id },
    };
  }

  it("removes only expired rows, anonymises old orders, records the counts, and is idempotent", async () => {
    const seeded = await seedAged();
    const s = app.schema;
    const db = app.db();

    const firstRun = await postForm("/admin/privacidade", { intent: "retention" });
    expect(firstRun.status).toBe(200);
    const count = async (table: any, list: number[]) =>
      (
        await db
          .select()
          .from(table)
          .where(inArray(table.id ?? table.leadId, list))
      ).length;
    for (const [key, list] of Object.entries(seeded.expired)) expect(await count((s as any)[key], list), `${key} expired`).toBe(0);
    for (const [key, list] of Object.entries(seeded.kept)) expect(await count((s as any)[key], list), `${key} kept`).toBe(list.length);

    const [oldOrder] = await db.select().from(s.orders).where(eq(s.orders.id, seeded.orders.old));
    expect(oldOrder).toMatchObject({ customerEmail: "[anonimizado]", customerName: "[anonimizado]", amountCents: 100, status: "paid" });
    const recentOrder = await db.select().from(s.orders).where(eq(s.orders.id, seeded.orders.recent)).then(first);
    expect(recentOrder.customerEmail).toBe("o2@ret.example");
    const ended = await db.select().from(s.subscriptions).where(eq(s.subscriptions.id, seeded.subscriptions.ended)).then(first);
    expect(ended.customerEmail).toBe("[anonimizado]");
    const active = await db.select().from(s.subscriptions).where(eq(s.subscriptions.id, seeded.subscriptions.active)).then(first);
    expect(active.customerEmail).toBe("s2@ret.example");

    const run = await auditRows("retention.run").then(first);
    expect(run.actor).toBe("admin");
    expect(run.details).toMatchObject({
      trigger: "manual",
      counts: {
        leads: 4,
        contactAnswers: 1,
        consultationAnswers: 1,
        questionnaireAnswers: 1,
        applicationAnswers: 1,
        chatSessions: 1,
        chatMessages: 1,
        outbox: 1,
        newsletterSubscribers: 1,
        consentRecords: 1,
        orders: 1,
        subscriptions: 1,
      },
      total: 15,
    });

    const second = await postForm("/admin/privacidade", { intent: "retention" });
    expect(second.status).toBe(200);
    const again = await auditRows("retention.run").then(first);
    expect(again.id).toBeGreaterThan(run.id);
    expect(again.details).toMatchObject({ total: 0 });
    for (const [key, list] of Object.entries(seeded.kept)) expect(await count((s as any)[key], list), `${key} kept`).toBe(list.length);

    // The admin page lists the runs.
    const page = await (await fetch(`${app.url}/admin/privacidade`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="retention-runs"');
    expect(page).toContain("Pedidos anonimizados: 1");
  });

  it("the scheduled run works at most once a day", async () => {
    const { runRetention } = await import("~/domain/retention.server");
    expect(await runRetention({ trigger: "agendada" })).toEqual({ status: "skipped", reason: "recent" });
  });

  // The embedded database has a single connection: nothing can race.
  it.skipIf(!usingPostgres)("only one instance runs it at a time (advisory lock)", async () => {
    const other = new pg.Client({ connectionString: app.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(724502)");
      const blocked = await postForm("/admin/privacidade", { intent: "retention" });
      expect(blocked.status).toBe(409);
      await other.query("commit");
      const free = await postForm("/admin/privacidade", { intent: "retention" });
      expect(free.status).toBe(200);
    } finally {
      await other.end();
    }
  });
});

describe("audit log", () => {
  it("lists rows newest first with filters by action, user and dates, paginated", async () => {
    const { auditLog } = app.schema;
    const rows = Array.from({ length: 55 }, (_, i) => ({
      actor: "paginador",
      action: "test.bulk",
      target: `n:${i}`,
      createdAt: new Date(Date.UTC(2025, 0, 10, 12, 0, i)),
    }));
    await app.db().insert(auditLog).values(rows);

    const res = await fetch(`${app.url}/admin/auditoria?acao=test.bulk&usuario=PAGINA`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = plainHtml(await res.text());
    expect(html.match(/data-testid="audit-row"/g)).toHaveLength(50);
    expect(html).toContain("55 registro(s)");
    expect(html.indexOf("n:54")).toBeGreaterThan(-1);
    expect(html.indexOf("n:54")).toBeLessThan(html.indexOf("n:53")); // newest first
    expect(html).not.toContain("n:4<");

    const second = plainHtml(await (await fetch(`${app.url}/admin/auditoria?acao=test.bulk&pagina=2`, { headers: { cookie } })).text());
    expect(second.match(/data-testid="audit-row"/g)).toHaveLength(5);
    expect(second).toContain("Página 2 de 2");

    const inRange = plainHtml(
      await (await fetch(`${app.url}/admin/auditoria?de=2025-01-10&ate=2025-01-10`, { headers: { cookie } })).text(),
    );
    expect(inRange).toContain("55 registro(s)");
    const outOfRange = await (await fetch(`${app.url}/admin/auditoria?acao=test.bulk&de=2025-01-11`, { headers: { cookie } })).text();
    expect(outOfRange).toContain("Nenhum registro encontrado com estes filtros.");

    const logins = await (await fetch(`${app.url}/admin/auditoria?acao=auth.login`, { headers: { cookie } })).text();
    expect(logins).toContain('title="auth.login"');
    expect(logins).not.toContain('title="test.bulk"');
  });

  it("speaks Portuguese: labelled actions, details as label and value (never JSON), addresses as a person reads them", async () => {
    const { auditLog } = app.schema;
    await app
      .db()
      .insert(auditLog)
      .values({
        actor: "leitor",
        action: "blog.post.preview.create",
        target: "post:7",
        details: { title: "Post legível", fields: ["título", "resumo"], published: false },
        ip: "::ffff:10.9.8.7",
      });
    const html = plainHtml(await (await fetch(`${app.url}/admin/auditoria?usuario=leitor`, { headers: { cookie } })).text());
    expect(html).toContain("Link de pré-visualização criado");
    expect(html).toMatch(/Título:<\/dt> ?<dd[^>]*>Post legível/);
    expect(html).toMatch(/Campos:<\/dt> ?<dd[^>]*>título, resumo/);
    expect(html).toMatch(/Publicado:<\/dt> ?<dd[^>]*>não/);
    expect(html).toContain(">10.9.8.7<");
    expect(html).not.toContain("::ffff:");
    expect(html).not.toContain("{&quot;title");
    // The target is a phrase that links to what it concerns, not a record key.
    expect(html).toMatch(/<a[^>]*href="\/admin\/posts\/7"[^>]*>Post nº 7<\/a>/);
    expect(html).not.toContain(">post:7<");
  });

  it("every privacy action wrote exactly one audit row per request", async () => {
    const before = await app.db().select({ action: app.schema.auditLog.action }).from(app.schema.auditLog);
    const actions = ["privacy.search", "privacy.export", "privacy.correct", "privacy.erase", "retention.run"] as const;
    const counts = (list: Array<{ action: string }>) =>
      Object.fromEntries(actions.map((a) => [a, list.filter((r) => r.action === a).length])) as Record<(typeof actions)[number], number>;
    const start = counts(before);
    await postForm("/admin/privacidade", { intent: "search", subject: "ninguem@example.com" });
    await postForm("/admin/privacidade/exportar", { email: "ninguem@example.com", format: "csv" });
    await postForm("/admin/privacidade", { intent: "erase", subject: "ninguem@example.com", confirm: "ninguem@example.com" });
    await postForm("/admin/privacidade", { intent: "retention" });
    const after = counts(await app.db().select({ action: app.schema.auditLog.action }).from(app.schema.auditLog));
    expect(after).toEqual({
      "privacy.search": start["privacy.search"] + 1,
      "privacy.export": start["privacy.export"] + 1,
      "privacy.correct": start["privacy.correct"],
      "privacy.erase": start["privacy.erase"] + 1,
      "retention.run": start["retention.run"] + 1,
    });
    const last = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(and(eq(app.schema.auditLog.action, "privacy.erase")))
      .orderBy(desc(app.schema.auditLog.id))
      .then(first);
    expect(last.ip).toBeTruthy();
  });

  it("login, failed login, logout, blog, lead and export actions each write exactly one audit row", async () => {
    const { auditLog } = app.schema;
    const all = () => app.db().select({ id: auditLog.id, action: auditLog.action, actor: auditLog.actor, ip: auditLog.ip }).from(auditLog);
    /** Runs one admin request and returns the single audit row it added. */
    async function audited(action: string, request: () => Promise<Response>, status: number) {
      const before = new Set((await all()).map((r) => r.id));
      const res = await request();
      expect(res.status, action).toBe(status);
      const added = (await all()).filter((r) => !before.has(r.id));
      expect(
        added.map((r) => r.action),
        action,
      ).toEqual([action]);
      const row = first(added);
      expect(row.ip, action).toBeTruthy();
      return row;
    }
    const api = (method: string, pathname: string, body: unknown, session: string) => () =>
      fetch(`${app.url}${pathname}`, {
        method,
        headers: { "content-type": "application/json", cookie: session },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const login = (password: string) => () =>
      fetch(`${app.url}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "admin", password }),
        redirect: "manual",
      });

    const failed = await audited("auth.login_failed", login("senha-errada"), 401);
    expect(failed.actor).toBe("admin");
    let session = "";
    await audited(
      "auth.login",
      async () => {
        const res = await login("admin123")();
        session = first(
          res.headers
            .getSetCookie()
            .find((c) => c.startsWith("sid="))!
            .split(";"),
        );
        return res;
      },
      302,
    );

    let categoryId = 0;
    await audited(
      "blog.category.create",
      async () => {
        const res = await api("POST", "/api/blog/categories", { name: "Auditoria Teste", slug: "auditoria-teste" }, session)();
        categoryId = (await res.clone().json()).data.id;
        return res;
      },
      201,
    );
    await audited(
      "blog.category.update",
      api("PUT", `/api/blog/categories/${categoryId}`, { name: "Auditoria Teste 2", slug: "auditoria-teste" }, session),
      200,
    );
    let postId = 0;
    await audited(
      "blog.post.create",
      async () => {
        const res = await api(
          "POST",
          "/api/blog/posts",
          {
            title: "Post da auditoria",
            slug: "post-da-auditoria",
            summary: "Resumo do post da auditoria.",
            content: "Conteúdo ".repeat(10),
            categoryId,
          },
          session,
        )();
        postId = (await res.clone().json()).data.id;
        return res;
      },
      201,
    );
    await audited("blog.post.update", api("PUT", `/api/blog/posts/${postId}`, { title: "Post da auditoria editado" }, session), 200);
    await audited("blog.post.publish", api("PUT", `/api/blog/posts/${postId}`, { published: true }, session), 200);
    await audited("blog.post.delete", api("DELETE", `/api/blog/posts/${postId}`, undefined, session), 200);
    await audited("blog.category.delete", api("DELETE", `/api/blog/categories/${categoryId}`, undefined, session), 200);

    const consultation = await insertLead(app.db(), app.schema, "consultations", {
      name: "Auditada",
      email: "auditada@example.com",
      phone: "11999990000",
      company: "C",
      industryArea: "x",
    });
    await audited("lead.consultation.status", api("PATCH", `/api/consultations/${consultation.id}`, { status: "contacted" }, session), 200);
    await audited("lead.export", api("GET", "/api/leads/contatos/export", undefined, session), 200);
    await audited(
      "auth.logout",
      () => fetch(`${app.url}/logout`, { method: "POST", headers: { cookie: session, origin: app.url }, redirect: "manual" }),
      302,
    );
  });

  it("the application has no code path that updates or deletes audit rows", () => {
    const forbidden = [
      /\.\s*(update|delete)\s*\(\s*(schema\s*\.\s*)?auditLog\b/,
      /\b(update|delete\s+from|truncate(\s+table)?)\s+"?audit_log\b/i,
    ];
    const offends = (source: string) => forbidden.some((re) => re.test(source));
    // The detector itself must work, or this test could never fail.
    expect(offends("await db().delete(auditLog).where(x)")).toBe(true);
    expect(offends("tx.update(schema.auditLog).set({})")).toBe(true);
    expect(offends("sql`DELETE FROM audit_log WHERE id = 1`")).toBe(true);
    expect(offends('execute("update \\"audit_log\\" set actor = null")'.replace(/\\/g, ""))).toBe(true);
    expect(offends("await executor.insert(auditLog).values(entry)")).toBe(false);

    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|mjs|sql)$/.test(entry.name)) files.push(full);
      }
    };
    walk("app");
    walk("server");
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => offends(fs.readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
