/**
 * A form is one folder (docs/decisions/0141): a folder laid out as app/forms/{form}/ is, kept with
 * the tests (tests/support/forms/trial/: definition, schema, answers table, store, privacy
 * declaration), once registered the way the app registers its own folders
 * (app/forms/index.server.ts `registerLeadForms`), is in the submission pipeline and the inbox,
 * its lead page (where its stage is changed), the subject's search and export, the erasure and the
 * retention job, with no edit outside it. Its lead type's words and stages are its definition's
 * (`lead`, collected by app/lib/pipeline.ts, docs/decisions/0149).
 * Its table is made from its drizzle declaration as drizzle-kit would migrate it (the app's forms
 * get theirs from generated migrations).
 */
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, proofOfWork, startTestApp, testHooks, type TestApp } from "../helpers/app";
import type { PgTable } from "drizzle-orm/pg-core";

let app: TestApp;
let cookie: string;
let hooks: Awaited<ReturnType<typeof testHooks>>;
let answers: PgTable & { leadId: ReturnType<typeof getTableColumns>[string] };

const PERSON = "visitante.teste@example.com";
const OTHER = "outra.pessoa@example.com";

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
  hooks = await testHooks();
  const tables = Object.assign({}, ...Object.values(hooks.testFormTables)) as Record<string, unknown>;
  answers = tables.trialAnswers as typeof answers;
  // The statements drizzle-kit generates for the folder's table beside `leads`, which it names.
  const { leads } = app.schema;
  const statements = await generateMigration(generateDrizzleJson({ leads }), generateDrizzleJson({ leads, ...tables }));
  expect(statements.join("\n")).toContain('CREATE TABLE "trial_answers"');
  for (const statement of statements) await app.db().execute(sql.raw(statement));
});
afterAll(() => app?.close());

async function submit(email: string, name: string, wish: string) {
  const body = { name, email, wish, altcha: await proofOfWork(app.url) };
  const { result } = await hooks.submitLead(hooks.leadFormServer("trial"), body, { ip: "203.0.113.9", userAgent: "teste" });
  return (result as { id: number }).id;
}

async function postForm(pathname: string, fields: Record<string, string>) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function exported(email: string): Promise<Record<string, Array<Record<string, unknown>>>> {
  const res = await postForm("/admin/privacidade/exportar", { email, format: "json" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { tabelas: Record<string, Array<Record<string, unknown>>> }).tabelas;
}

const leadsOf = (email: string) => {
  const { leads } = app.schema;
  return app.db().select().from(leads).where(eq(leads.email, email));
};
const answersOf = async (leadIds: number[]) =>
  leadIds.length ? app.db().select().from(answers).where(inArray(answers.leadId, leadIds)) : [];

describe("a form that is only a folder", () => {
  it("is nowhere before its folder is registered", async () => {
    expect(() => hooks.leadFormServer("trial")).toThrow();
    expect(Object.keys(await exported(PERSON))).not.toContain("trial_answers");
    expect((await fetch(`${app.url}/admin/leads/funil/testes/1`, { headers: { cookie } })).status).toBe(404);
    hooks.registerTestForms();
    expect(hooks.leadFormServer("trial").form).toBe("trial");
  });

  it("takes a submission through the pipeline, and the inbox lists its lead", async () => {
    const number = await submit(PERSON, "Visitante Teste", "Quero ver meu pedido no funil");
    expect(number).toBeGreaterThan(0);
    const [lead] = await leadsOf(PERSON);
    expect(lead).toMatchObject({ kind: "testes", number, name: "Visitante Teste", stage: "novo" });
    expect(await answersOf([lead!.id])).toEqual([{ leadId: lead!.id, wish: "Quero ver meu pedido no funil" }]);
    const inbox = await hooks.listInbox({ q: PERSON });
    expect(inbox.rows.map((row) => [row.type, row.id, row.email])).toEqual([["testes", number, PERSON]]);
    const page = await fetch(`${app.url}/admin/leads?q=${encodeURIComponent(PERSON)}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Visitante Teste");
    // By the label its folder declares, and its plural among the inbox's types.
    expect(html).toContain("Pedido de teste");
    expect(html).toMatch(/<option value="testes"[^>]*>Pedidos de teste<\/option>/);
  });

  it("has its lead page, with the label and the fields its folder declares, and its stage moves", async () => {
    const [lead] = await leadsOf(PERSON);
    const path = `/admin/leads/funil/testes/${lead!.number}`;
    const page = await fetch(`${app.url}${path}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Pedido de teste nº ${lead!.number}`);
    expect(html).toContain("O que deseja");
    expect(html).toContain("Quero ver meu pedido no funil");
    // Its stages are the sales pipeline's, as it declares.
    expect(html).toContain('<option value="proposta-enviada"');
    expect(html).not.toContain('<option value="entrevista"');

    const moved = await postForm(path, { stage: "em-contato", followUpOn: "", note: "Liguei para a pessoa." });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${path}?salvo=1`);
    expect((await leadsOf(PERSON))[0]).toMatchObject({ stage: "em-contato" });
    // Audited under the name its folder declares.
    const { auditLog } = app.schema;
    const audit = await app.db().select().from(auditLog).where(eq(auditLog.action, "lead.stage")).then(first);
    expect(audit).toMatchObject({ target: `trial:${lead!.number}`, details: { from: "novo", to: "em-contato" } });
    // The page's history tells it; a hiring stage is not its pipeline's.
    const after = (await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    expect(after).toContain("Etapa alterada: Novo → Em contato.");
    expect(after).toContain("Liguei para a pessoa.");
    const wrong = await postForm(path, { stage: "entrevista", followUpOn: "" });
    expect(wrong.status).toBe(400);
    expect((await leadsOf(PERSON))[0]).toMatchObject({ stage: "em-contato" });
  });

  it("is in the subject's search and export, its answers with its lead", async () => {
    const [lead] = await leadsOf(PERSON);
    const tables = await exported(PERSON);
    expect(tables.leads?.map((row) => row.id)).toEqual([lead!.id]);
    expect(tables.trial_answers).toEqual([{ leadId: lead!.id, wish: "Quero ver meu pedido no funil" }]);
    // The privacy page shows it as a group of its own, with the label its folder gives.
    const res = await postForm("/admin/privacidade", { intent: "search", subject: PERSON });
    const html = await res.text();
    expect(html).toContain('data-testid="group-trialAnswers"');
    expect(html).toContain("Respostas do formulário de teste");
    expect(html).toContain("Quero ver meu pedido no funil");
  });

  it("is erased with its lead, and the erasure counts it", async () => {
    await submit(OTHER, "Outra Pessoa", "Não me apaguem");
    const [lead] = await leadsOf(PERSON);
    const res = await postForm("/admin/privacidade", { intent: "erase", subject: PERSON, confirm: PERSON });
    expect(res.status).toBe(200);
    expect(await leadsOf(PERSON)).toEqual([]);
    expect(await answersOf([lead!.id])).toEqual([]);
    const { auditLog } = app.schema;
    const audit = await app.db().select().from(auditLog).where(eq(auditLog.action, "privacy.erase")).then(first);
    expect(audit.details).toMatchObject({ deleted: { leads: 1, trialAnswers: 1 } });
    // The other person's lead and answers stay.
    const others = await leadsOf(OTHER);
    expect(await answersOf(others.map((l) => l.id))).toHaveLength(1);
  });

  it("is deleted by the retention job after the period its folder declares, and counted", async () => {
    const { leads } = app.schema;
    const [kept] = await leadsOf(OTHER);
    await submit(PERSON, "Visitante Antigo", "Pedido antigo");
    const [old] = await leadsOf(PERSON);
    // 'leads': 24 months (RETENTION), counted from the lead's arrival.
    const longAgo = new Date();
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 25);
    await app.db().update(leads).set({ createdAt: longAgo }).where(eq(leads.id, old!.id));
    const run = await hooks.runRetention({ trigger: "manual", actor: "teste" });
    expect(run).toMatchObject({ status: "done", counts: { leads: 1, trialAnswers: 1 } });
    expect(await leadsOf(PERSON)).toEqual([]);
    expect(await answersOf([old!.id])).toEqual([]);
    expect(await answersOf([kept!.id])).toHaveLength(1);
  });
});
