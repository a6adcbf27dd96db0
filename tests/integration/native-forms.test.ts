/**
 * Forms without JavaScript (docs/decisions/0002): every lead form posts natively to /enviar/{form}, gets a
 * 303 to a server-rendered confirmation, or a 4xx page with the field errors and the typed values;
 * the lead is stored exactly once (double submit, reload, retried JSON with the same key).
 */
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { formStampFor, postJson, startTestApp, TEST_SESSION_SECRET, withProof, type TestApp } from "../helpers/app";
import { LEAD_FORMS, type LeadForm } from "../support/leads";
import { atLeast } from "../support/rows";

let app: TestApp;
let ipCounter = 0;
const newIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", SESSION_SECRET: TEST_SESSION_SECRET });
});
afterAll(async () => {
  await app?.close();
});

type Table = LeadForm | "newsletterSubscribers" | "chatSessions";
async function rows(table: Table) {
  const { leads } = app.schema;
  if (table in LEAD_FORMS)
    return (
      await app
        .db()
        .select({ value: count() })
        .from(leads)
        .where(eq(leads.kind, LEAD_FORMS[table as LeadForm].kind))
        .then(first)
    ).value;
  const { value } = await app
    .db()
    .select({ value: count() })
    .from(app.schema[table as "newsletterSubscribers" | "chatSessions"])
    .then(first);
  return value;
}

/**
 * A browser's native form post: urlencoded, answers HTML, redirects not followed. Its form was
 * rendered a while ago (the signed form stamp a person's post carries: docs/decisions/0090).
 */
function nativePost(path: string, fields: Record<string, string>, ip = newIp()) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", "x-forwarded-for": ip },
    body: new URLSearchParams({ formStamp: formStampFor(20), ...fields }),
  });
}

async function followedPage(res: Response) {
  expect(res.status).toBe(303);
  const location = res.headers.get("location") ?? "";
  const page = await fetch(new URL(location, app.url));
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  return { location, html: await page.text() };
}

const tag = () => randomUUID().slice(0, 8);
const contact = () => ({
  name: "Maria Souza",
  company: `Souza ${tag()}`,
  email: "maria@example.com",
  phone: "11 98888-7777",
  message: "Queremos automatizar o atendimento ao cliente.",
});

const FORMS: { path: string; table: Table; fields: () => Record<string, string>; title: RegExp }[] = [
  { path: "/enviar/contato", table: "contacts", fields: () => ({ ...contact(), consent: "on" }), title: /Consulta Enviada/ },
  {
    path: "/enviar/newsletter",
    table: "newsletterSubscribers",
    fields: () => ({ email: `n-${tag()}@example.com` }),
    title: /Obrigado por se inscrever!/,
  },
  {
    path: "/enviar/candidatura",
    table: "careerApplications",
    fields: () => ({
      name: "Carlos Lima",
      email: `c-${tag()}@example.com`,
      phone: "11987654321",
      position: "Senior AI Engineer",
      experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
      motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
    }),
    title: /Candidatura enviada!/,
  },
  {
    path: "/enviar/questionario",
    table: "businessOptimizations",
    fields: () => ({
      companyName: `Indústria ${tag()}`,
      contactName: "Ana Paula",
      email: "ana@example.com",
      companySize: "media",
      budget: "25k-50k",
      timeline: "curto",
      keyProcesses: "Faturamento e atendimento",
    }),
    title: /Formulário enviado com sucesso!/,
  },
  {
    path: "/enviar/consultoria",
    table: "consultations",
    fields: () => ({
      name: "Pedro Alves",
      email: `p-${tag()}@example.com`,
      phone: "21999998888",
      company: "Alves Logística",
      industryArea: "Logística",
      source: "Solicitar Apresentação de Cases",
    }),
    title: /Solicitação enviada!/,
  },
  {
    path: "/enviar/chat",
    table: "chatSessions",
    fields: () => ({ email: `chat-${tag()}@example.com`, phone: "11987654321" }),
    title: /Recebemos seu contato/,
  },
];

describe("native form posts (no JavaScript)", () => {
  for (const form of FORMS) {
    it(`${form.path}: stores one lead, redirects to a confirmation page, and a resubmit stores nothing`, async () => {
      const before = await rows(form.table);
      const fields = form.fields();
      const { location, html } = await followedPage(await nativePost(form.path, { ...fields, returnTo: "/sobre" }));
      expect(location).toMatch(new RegExp(`^${form.path}\\?enviado=1`));
      expect(html).toMatch(form.title);
      expect(html).not.toMatch(/^\s*\{/); // a page, never raw JSON
      expect(await rows(form.table)).toBe(before + 1);
      // The same post again (a double submit, or "resend" on reload) is the same submission.
      expect((await nativePost(form.path, fields)).status).toBe(303);
      expect(await rows(form.table)).toBe(before + 1);
    });
  }

  it("the questionnaire's confirmation shows the submission id", async () => {
    const [, , , questionnaire] = atLeast(4)(FORMS);
    const { location, html } = await followedPage(await nativePost(questionnaire.path, questionnaire.fields()));
    const id = new URL(location, app.url).searchParams.get("id");
    expect(id).toMatch(/^\d+$/);
    expect(html).toContain(`com o ID ${id} e`);
  });

  it("a refused post answers 400 with the form again: field errors beside the fields, values kept, nothing stored", async () => {
    const before = await rows("contacts");
    const res = await nativePost("/enviar/contato", { ...contact(), name: "Maria Teste", email: "nao-e-email" });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Falha no Envio");
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/Email inválido/);
    // The consent box is required without JavaScript (SPEC §5).
    expect(html).toMatch(/aria-invalid="true"/);
    expect(html).toContain('value="Maria Teste"');
    expect(await rows("contacts")).toBe(before);
  });

  it("a filled honeypot gets the same confirmation page and stores nothing but a spam row (docs/decisions/0090)", async () => {
    const before = await rows("newsletterSubscribers");
    const spam = await nativePost("/enviar/newsletter", { email: `s-${tag()}@example.com`, website: "http://spam" });
    expect(spam.status).toBe(303);
    expect(spam.headers.get("location")).toMatch(/^\/enviar\/newsletter\?enviado=1/);
    expect(await rows("newsletterSubscribers")).toBe(before);
    const { value } = await app.db().select({ value: count() }).from(app.schema.spamSubmissions).then(first);
    expect(value).toBeGreaterThan(0);
  });

  it("the rate limit refuses with a page, not JSON", async () => {
    const ip = newIp();
    let res: Response | undefined;
    for (let i = 0; i < 11; i++) res = await nativePost("/enviar/newsletter", { email: `r-${i}-${tag()}@example.com` }, ip);
    expect(res!.status).toBe(429);
    expect(res!.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("the link back only leads to this site", async () => {
    const { location } = await followedPage(
      await nativePost("/enviar/contato", { ...contact(), consent: "on", returnTo: "//evil.example/" }),
    );
    expect(location).not.toContain("evil");
    const page = await fetch(`${app.url}/enviar/contato?enviado=1&voltar=${encodeURIComponent("https://evil.example/")}`);
    expect(await page.text()).not.toContain("evil.example");
  });

  it("an unknown form is a 404", async () => {
    expect((await fetch(`${app.url}/enviar/qualquer`)).status).toBe(404);
    expect((await nativePost("/enviar/qualquer", { email: "a@b.com" })).status).toBe(404);
  });
});

describe("idempotency keys", () => {
  it("a native post with the early script's key field stores once, even with different content", async () => {
    const before = await rows("contacts");
    const key = randomUUID().replaceAll("-", "");
    expect((await nativePost("/enviar/contato", { ...contact(), consent: "on", idempotencyKey: key })).status).toBe(303);
    expect((await nativePost("/enviar/contato", { ...contact(), consent: "on", idempotencyKey: key })).status).toBe(303);
    expect(await rows("contacts")).toBe(before + 1);
  });

  it("the JSON API with an Idempotency-Key header answers the first result again; without one, each post is new", async () => {
    const before = await rows("contacts");
    const body = await withProof(app.url, contact());
    const key = { "Idempotency-Key": randomUUID().replaceAll("-", ""), "x-forwarded-for": newIp() };
    const [a, b] = await Promise.all([postJson(`${app.url}/api/contact`, body, key), postJson(`${app.url}/api/contact`, body, key)]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.data.id).toBe(a.json.data.id);
    expect(await rows("contacts")).toBe(before + 1);
    // SPEC §7 clients that send no key are unchanged: two posts, two leads.
    await postJson(`${app.url}/api/contact`, await withProof(app.url, contact()), { "x-forwarded-for": newIp() });
    await postJson(`${app.url}/api/contact`, await withProof(app.url, contact()), { "x-forwarded-for": newIp() });
    expect(await rows("contacts")).toBe(before + 3);
  });
});

describe("every form of app/forms (docs/decisions/0071)", () => {
  it("has its JSON endpoint and its page without JavaScript, both derived from its definition", async () => {
    const { LEAD_FORMS } = await import("~/forms");
    const build = await app.build();
    const paths = Object.values(build.routes).map((route) => `/${route?.path ?? ""}`);
    expect(LEAD_FORMS.length).toBeGreaterThanOrEqual(6);
    for (const form of LEAD_FORMS) {
      const page = await fetch(`${app.url}${form.action}`);
      expect(page.status, form.action).toBe(200);
      expect(await page.text(), form.action).toContain(form.page.title.replace(/&/g, "&amp;"));
      if (!form.api) continue;
      expect(paths, form.api.path).toContain(form.api.path);
      // An empty submission reaches the form's own pipeline: a 400 with its field errors, nothing stored.
      const res = await postJson(`${app.url}${form.api.path}`, {}, { "x-forwarded-for": newIp() });
      expect(res.status, form.api.path).toBe(400);
      expect((res.json as { errors?: object } | undefined)?.errors, form.api.path).toBeTruthy();
    }
  });
});
