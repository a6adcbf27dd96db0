/**
 * One vocabulary in the admin (docs/decisions/0087): 'Origem' is only the visit's origin; the
 * button pressed on a consultation is 'Botão usado'; the form a contact, a sign-up or a consent was
 * made on is named in words, never as its code ('contato:home'); the questionnaire has one name.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, postJson, startTestApp, withProof, type TestApp } from "../helpers/app";
import { ADMIN_PAGES } from "../support/admin-routes";
import { PUBLIC_POST_ENDPOINTS } from "../support/cases";
import { insertLead } from "../support/leads";

let app: TestApp;
let cookie: string;
let contactId: number;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_FACTOR: "100" });
  cookie = await adminSession(app);
  const sent = await postJson(
    `${app.url}/api/contact`,
    await withProof(app.url, { ...first(PUBLIC_POST_ENDPOINTS).valid(1, "vocabulario"), source: "home" }),
  );
  expect(sent.status).toBe(201);
  contactId = sent.json.data.id;
  const { newsletterSubscribers, consentRecords } = app.schema;
  await insertLead(app.db(), app.schema, "consultations", {
    name: "Consulta Botão",
    email: "botao@example.com",
    phone: "11999999999",
    company: "Empresa",
    industryArea: "Varejo",
    source: "Solicitar consultoria exclusiva",
  });
  await app
    .db()
    .insert(newsletterSubscribers)
    .values({ email: "vocabulario@example.com", status: "active", source: "rodape", unsubscribeToken: "t-vocabulario" });
  await app
    .db()
    .insert(consentRecords)
    .values({ email: "vocabulario@example.com", purpose: "newsletter", policyVersion: "1", source: "newsletter:rodape" });
}, 90_000);
afterAll(async () => {
  await app?.close();
});

const page = async (path: string) =>
  (await (await fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" })).text()).replaceAll("<!-- -->", "");
/** The page's visible text, roughly: tags out, so a word split by markup is still found. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("one vocabulary", () => {
  it("'Origem' on an admin screen is only the visit's origin", async () => {
    for (const path of [...ADMIN_PAGES, "/admin/leads/funil/consultas/1", `/admin/leads/funil/contatos/${contactId}`]) {
      const text = textOf(await page(path));
      // Each use of the word with what follows it: 'Origem da visita' (a heading, a label), or the
      // inbox filter's 'Origem da visita' with its choice 'Todas as origens'.
      for (const m of text.matchAll(/\bOrigem\b( da visita)?/g)) expect([path, m[0]]).toEqual([path, "Origem da visita"]);
      // No form codes shown as if they were words.
      expect([path, /\b(contato|newsletter):[a-z]+\b/.exec(text)?.[0]]).toEqual([path, undefined]);
    }
  });

  it("the consultation's button is 'Botão usado'; forms and consent records are named in words", async () => {
    const consultation = textOf(await page("/admin/leads/funil/consultas/1"));
    expect(consultation).toContain("Botão usado Solicitar consultoria exclusiva");
    const contact = textOf(await page(`/admin/leads/funil/contatos/${contactId}`));
    expect(contact).toContain("Formulário de contato da página inicial");
    expect(contact).toContain("política de privacidade, no contato");
    const newsletter = textOf(await page("/admin/leads/newsletter"));
    expect(newsletter).toContain("Newsletter no rodapé do site");
    expect(newsletter).not.toMatch(/\brodape\b/);
    const [consent] = await app
      .db()
      .select()
      .from(app.schema.consentRecords)
      .where(eq(app.schema.consentRecords.email, "vocabulario@example.com"));
    expect(consent?.source).toBe("newsletter:rodape"); // stored as a code, shown in words
    const search = await fetch(`${app.url}/admin/privacidade`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "search", subject: "vocabulario@example.com" }),
    });
    const privacy = textOf((await search.text()).replaceAll("<!-- -->", ""));
    expect(privacy).toContain("Newsletter no rodapé do site");
  });

  it("the team's notification names the form and the visit's origin in the same words", async () => {
    const { outbox } = app.schema;
    const [mail] = await app.db().select().from(outbox).where(eq(outbox.kind, "lead.contact"));
    expect(mail?.body).toContain("Enviado por: Formulário de contato da página inicial");
    expect(mail?.body).toContain("Origem da visita: sem dados da visita");
    expect(mail?.body).not.toMatch(/Página: home|contato:home/);
  });

  it("the questionnaire has one name in the menu, its page and the dashboard", async () => {
    const html = await page("/admin/business-optimizations");
    expect(html).toMatch(/<h1[^>]*>Questionários<\/h1>/);
    expect(html).not.toContain("Formulários de Otimização");
    expect(textOf(await page("/admin/dashboard"))).toContain("Questionários");
  });
});
