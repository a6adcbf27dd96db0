/**
 * Possible duplicates and their merge (docs/decisions/0147) on the production bundle and a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL, where the concurrency is real): the
 * whole address (case ignored, never a part) or the company domain (never a free-mail one) marks
 * 'possível duplicado'; a merge asks first, keeps both submissions, moves notes, tasks and orders,
 * keeps the merged lead's fields in the survivor's history and both audit trails, and refuses later
 * edits of the merged lead; 30+ concurrent merges and edits on one lead lose nothing.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { insertLead } from "../support/leads";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_FACTOR: "100" });
  cookie = await adminSession(app);
});
afterAll(async () => {
  await app?.close();
});

function dom(text: string) {
  const root = parseDocument(text);
  const matches = (name: string, value?: string) => (el: { attribs: Record<string, string> }) =>
    value === undefined ? name in el.attribs : el.attribs[name] === value;
  return {
    one: (name: string, value?: string) => DomUtils.findOne(matches(name, value), root.children) ?? null,
    all: (name: string, value?: string) => DomUtils.findAll(matches(name, value), root.children),
    text: (name: string, value?: string) => {
      const el = DomUtils.findOne(matches(name, value), root.children);
      return el ? DomUtils.textContent(el) : null;
    },
  };
}
const page = (type: string, id: number) => `/admin/leads/funil/${type}/${id}`;
async function html(path: string) {
  const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return dom(await res.text());
}
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const contact = (values: Record<string, unknown>) =>
  insertLead(app.db(), app.schema, "contacts", { message: "Mensagem.", phone: "", ...values });
/** The candidates' leads.id on a lead's page. */
const candidatesOn = async (path: string) => (await html(path)).all("data-lead-id").map((el) => Number(el.attribs["data-lead-id"]));

describe("possible duplicates", () => {
  it("match the whole address case-insensitively or the company domain, never a part, never free mail", async () => {
    const ana = await contact({ name: "Ana", email: "ana@horizonte.com.br", company: "Horizonte" });
    const anaAgain = await insertLead(app.db(), app.schema, "consultations", {
      name: "Ana S.",
      email: "ANA@Horizonte.com.br",
      company: "Horizonte",
      phone: "11999990000",
      industryArea: "Logística",
      status: "pending",
    });
    const colleague = await contact({ name: "Bruno", email: "bruno@horizonte.com.br" });
    const lookalikes = await Promise.all([
      contact({ name: "Mariana", email: "mariana@horizonte.com.br.outro.com" }),
      contact({ name: "Xana", email: "xana@horizonte.com" }),
      contact({ name: "Ana Sub", email: "ana@sub.horizonte.com.br" }),
    ]);
    const gmailA = await contact({ name: "João", email: "joao@gmail.com" });
    const gmailB = await contact({ name: "Maria", email: "maria@gmail.com" });
    const gmailA2 = await contact({ name: "João de novo", email: "Joao@Gmail.com" });
    const applicant = await insertLead(app.db(), app.schema, "careerApplications", {
      name: "Ana candidata",
      email: "ana@horizonte.com.br",
      phone: "11999990000",
      position: "Engenheira",
      experience: "5 anos",
      motivation: "Olá",
    });

    const onAna = await candidatesOn(page("contatos", ana.id));
    expect(onAna.sort()).toEqual([anaAgain.leadId, colleague.leadId].sort());
    for (const l of lookalikes) expect(onAna).not.toContain(l.leadId);
    expect(onAna).not.toContain(applicant.leadId);
    const doc = await html(page("contatos", ana.id));
    expect(doc.text("data-testid", "duplicate-mark")).toContain("possível duplicado");
    expect(doc.text("data-lead-id", String(anaAgain.leadId))).toContain("mesmo e-mail");
    expect(doc.text("data-lead-id", String(colleague.leadId))).toContain("mesmo domínio (horizonte.com.br)");

    expect(await candidatesOn(page("contatos", gmailA.id))).toEqual([gmailA2.leadId]);
    expect(await candidatesOn(page("contatos", gmailB.id))).toEqual([]);
    expect((await html(page("contatos", gmailB.id))).one("data-testid", "duplicate-mark")).toBeNull();
  });
});

describe("a merge", () => {
  it("asks first, keeps both submissions, moves notes, tasks and orders, and is audited; the merged lead then refuses edits", async () => {
    const { leadNotes, leadTasks, orders, auditLog, leads, contactAnswers } = app.schema;
    const keep = await contact({ name: "Carla Mendes", email: "carla@fabrica.com.br", company: "" });
    const dup = await contact({
      name: "Carla M.",
      email: "CARLA@fabrica.com.br",
      company: "Fábrica Norte",
      phone: "(21) 98888-7777",
      message: "Segunda mensagem",
    });
    await app.db().insert(leadNotes).values({ leadId: dup.leadId, author: "admin", body: "Nota do duplicado" });
    await app
      .db()
      .insert(leadTasks)
      .values({
        leadId: dup.leadId,
        kind: "ligar",
        title: "Ligar para a Carla",
        dueAt: new Date(Date.now() + 86_400_000),
        createdBy: "admin",
      });
    const [order] = await app
      .db()
      .insert(orders)
      .values({
        kind: "product",
        itemId: "x",
        itemName: "Diagnóstico",
        amountCents: 1000,
        provider: "demo",
        customerEmail: "carla@fabrica.com.br",
        leadId: dup.leadId,
      })
      .returning();

    const asked = await html(`${page("contatos", keep.id)}?mesclar=${dup.leadId}`);
    expect(asked.text("data-lead-id", String(dup.leadId))).toContain("Mesclar estes leads?");
    expect(asked.all("name", "manter").map((b) => b.attribs.value)).toEqual(["este", "outro"]);

    const res = await post(page("contatos", keep.id), { intent: "mesclar", outro: String(dup.leadId), manter: "este" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${page("contatos", keep.id)}?mesclado=1#duplicados`);

    // Both submissions stay, each on its own lead; the sales work is on the survivor.
    expect((await app.db().select().from(contactAnswers).where(eq(contactAnswers.leadId, dup.leadId)))[0]?.message).toBe(
      "Segunda mensagem",
    );
    expect((await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, keep.leadId))).map((n) => n.body)).toEqual([
      "Nota do duplicado",
    ]);
    expect((await app.db().select().from(leadTasks).where(eq(leadTasks.leadId, keep.leadId))).map((t) => t.title)).toEqual([
      "Ligar para a Carla",
    ]);
    expect((await app.db().select().from(orders).where(eq(orders.id, order!.id)))[0]?.leadId).toBe(keep.leadId);
    const [survivor, merged] = await app
      .db()
      .select()
      .from(leads)
      .where(inArray(leads.id, [keep.leadId, dup.leadId]))
      .orderBy(asc(leads.id));
    expect(survivor).toMatchObject({ name: "Carla Mendes", company: "Fábrica Norte", phone: "(21) 98888-7777", mergedIntoId: null });
    expect(merged).toMatchObject({ mergedIntoId: keep.leadId, stage: "descartado", followUpOn: null });
    expect(merged!.mergedAt).not.toBeNull();

    const trail = await app
      .db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["lead.merge", "lead.merged"]))
      .orderBy(asc(auditLog.id));
    expect(trail.map((a) => [a.action, a.target])).toEqual([
      ["lead.merge", `contact:${keep.id}`],
      ["lead.merged", `contact:${dup.id}`],
    ]);
    expect(trail[0]!.details).toMatchObject({
      merged: { name: "Carla M.", email: "CARLA@fabrica.com.br", company: "Fábrica Norte" },
      moved: { notes: 1, tasks: 1, orders: 1 },
    });

    const after = await html(`${page("contatos", keep.id)}?mesclado=1`);
    expect(after.text("data-testid", "merge-done")).toBe("Leads mesclados.");
    expect(after.text("data-testid", "merged-leads")).toContain("Carla M.");
    const history = DomUtils.findAll(
      (el) => el.attribs["data-kind"] === "merge",
      parseDocument(await (await fetch(`${app.url}${page("contatos", keep.id)}`, { headers: { cookie } })).text()).children,
    );
    expect(history.map((h) => DomUtils.textContent(h)).join()).toContain("Lead mesclado neste: Contato nº");
    expect(history.map((h) => DomUtils.textContent(h)).join()).toContain("(21) 98888-7777");

    const mergedPage = await html(page("contatos", dup.id));
    expect(mergedPage.text("data-testid", "merged-banner")).toContain("Carla Mendes");
    expect(mergedPage.one("data-testid", "duplicate-mark")).toBeNull();
    // Its old audit rows still name a lead that exists: the audit page reads them as before.
    expect((await fetch(`${app.url}/admin/auditoria?acao=lead.merged`, { headers: { cookie } })).status).toBe(200);

    const edit = await post(page("contatos", dup.id), { stage: "em-contato", followUpOn: "", note: "tarde demais" });
    expect(edit.status).toBe(409);
    expect(await app.db().select().from(leadNotes).where(eq(leadNotes.body, "tarde demais"))).toEqual([]);
    // Nor its deal, on its page or on the board.
    expect((await post(page("contatos", dup.id), { intent: "deal", valueCents: "1.000,00", expectedCloseOn: "" })).status).toBe(409);
    expect((await post("/admin/leads/negocios", { intent: "move", type: "contatos", id: String(dup.id), stage: "ganho" })).status).toBe(
      409,
    );
    const [mergedRow] = await app.db().select().from(leads).where(eq(leads.id, dup.leadId));
    expect([mergedRow?.valueCents, mergedRow?.stage]).toEqual([null, "descartado"]);
    const again = await post(page("contatos", keep.id), { intent: "mesclar", outro: String(dup.leadId), manter: "este" });
    expect(again.status).toBe(409);
    expect(dom(await again.text()).text("data-testid", "merge-error")).toBe(
      "Um dos leads já foi mesclado em outro. Abra o lead principal.",
    );
    expect((await post(page("contatos", keep.id), { intent: "mesclar", outro: String(keep.leadId), manter: "este" })).status).toBe(400);
    expect((await post(page("contatos", keep.id), { intent: "mesclar", outro: "999999", manter: "outro" })).status).toBe(404);
    expect(await app.db().select().from(auditLog).where(eq(auditLog.action, "lead.merge"))).toHaveLength(1);
  });
});

describe("30 concurrent merges and edits on one lead", () => {
  it("lose nothing: every note, task, stage move and merge is there once", async () => {
    const { leadNotes, leadTasks, auditLog, leads } = app.schema;
    const main = await contact({ name: "Empresa Alvo", email: "compras@alvo.com.br" });
    const dups = [];
    for (let i = 0; i < 10; i++) {
      const d = await contact({ name: `Alvo ${i}`, email: `pessoa${i}@alvo.com.br` });
      await app
        .db()
        .insert(leadNotes)
        .values([
          { leadId: d.leadId, author: "admin", body: `nota-dup-${i}-a` },
          { leadId: d.leadId, author: "admin", body: `nota-dup-${i}-b` },
        ]);
      await app
        .db()
        .insert(leadTasks)
        .values({
          leadId: d.leadId,
          kind: "email",
          title: `tarefa-dup-${i}`,
          dueAt: new Date(Date.now() + 86_400_000),
          createdBy: "admin",
        });
      dups.push(d);
    }
    const here = page("contatos", main.id);
    const stages = ["em-contato", "proposta-enviada", "em-contato", "proposta-enviada", "ganho"];
    const due = new Date(Date.now() + 3 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 16);
    const ops: Array<{ kind: string; run: () => Promise<Response> }> = [
      ...dups.map((d) => ({ kind: "merge", run: () => post(here, { intent: "mesclar", outro: String(d.leadId), manter: "este" }) })),
      ...Array.from({ length: 10 }, (_, i) => ({
        kind: "note",
        run: () => post(here, { stage: "novo", followUpOn: "", note: `nota-principal-${i}` }),
      })),
      ...stages.map((stage) => ({ kind: "stage", run: () => post(here, { stage, followUpOn: "" }) })),
      ...Array.from({ length: 5 }, (_, i) => ({
        kind: "task",
        run: () => post(here, { intent: "tarefa-adicionar", taskKind: "ligar", taskTitle: `tarefa-principal-${i}`, taskDueAt: due }),
      })),
      // Edits of leads being merged: each lands before its merge (and moves) or is refused after it.
      ...dups.slice(0, 5).map((d, i) => ({
        kind: "late",
        run: () => post(page("contatos", d.id), { stage: "novo", followUpOn: "", note: `nota-tardia-${i}` }),
      })),
    ];
    // The note posts also set the stage to 'novo': interleaved with the stage moves, each is a change or not.
    const results = await Promise.all(ops.map(async (op) => ({ kind: op.kind, status: (await op.run()).status })));
    for (const r of results.filter((r) => r.kind !== "late")) expect(r, JSON.stringify(r)).toMatchObject({ status: 303 });
    const late = results.filter((r) => r.kind === "late");
    for (const r of late) expect([303, 409]).toContain(r.status);
    const lateSaved = late.filter((r) => r.status === 303).length;

    const notes = (await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, main.leadId))).map((n) => n.body).sort();
    const expected = [
      ...dups.flatMap((_, i) => [`nota-dup-${i}-a`, `nota-dup-${i}-b`]),
      ...Array.from({ length: 10 }, (_, i) => `nota-principal-${i}`),
    ];
    for (const body of expected) expect(notes).toContain(body);
    expect(notes.filter((n) => n.startsWith("nota-tardia-"))).toHaveLength(lateSaved);
    expect(notes).toHaveLength(expected.length + lateSaved);
    // Nothing left behind on a merged lead.
    expect(
      await app
        .db()
        .select()
        .from(leadNotes)
        .where(
          inArray(
            leadNotes.leadId,
            dups.map((d) => d.leadId),
          ),
        ),
    ).toEqual([]);
    const tasks = (await app.db().select().from(leadTasks).where(eq(leadTasks.leadId, main.leadId))).map((t) => t.title).sort();
    expect(tasks).toEqual(
      [...dups.map((_, i) => `tarefa-dup-${i}`), ...Array.from({ length: 5 }, (_, i) => `tarefa-principal-${i}`)].sort(),
    );
    const rows = await app
      .db()
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          dups.map((d) => d.leadId),
        ),
      );
    expect(rows.map((r) => r.mergedIntoId)).toEqual(dups.map(() => main.leadId));
    const audits = await app
      .db()
      .select({ action: auditLog.action, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.target, `contact:${main.id}`), inArray(auditLog.action, ["lead.merge", "lead.note", "lead.task.add"])))
      .groupBy(auditLog.action);
    expect(Object.fromEntries(audits.map((a) => [a.action, Number(a.n)]))).toEqual({
      "lead.merge": 10,
      "lead.note": 10,
      "lead.task.add": 5,
    });
    // Each stage move is one audit row whose 'from' is the stage before it: the chain has no gap.
    const moves = await app
      .db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.target, `contact:${main.id}`), eq(auditLog.action, "lead.stage")))
      .orderBy(asc(auditLog.id));
    let stage = "novo";
    for (const m of moves) {
      const d = m.details as { from: string; to: string };
      expect(d.from).toBe(stage);
      stage = d.to;
    }
    const [final] = await app.db().select({ stage: leads.stage }).from(leads).where(eq(leads.id, main.leadId));
    expect(final!.stage).toBe(stage);
  });
});

describe("the lists' mark", () => {
  /** Each row of a list: the address of its first link, and whether it carries the 'possível duplicado' mark. */
  async function rowsOn(path: string, rowId: string) {
    const doc = await html(path);
    return doc.all("data-testid", rowId).map((row) => {
      const link = DomUtils.findOne((el) => el.name === "a" && (el.attribs.href ?? "").startsWith("/admin/leads/funil/"), row.children);
      const mark = DomUtils.findOne((el) => el.attribs["data-testid"] === "duplicate-list-mark", row.children);
      return { href: link?.attribs.href, marked: Boolean(mark), text: mark ? DomUtils.textContent(mark) : null };
    });
  }
  const marked = async (path: string, rowId: string) => Object.fromEntries((await rowsOn(path, rowId)).map((r) => [r.href, r.marked]));

  it("marks a row whose lead has a possible duplicate, in the inbox and the lists by type; not a lone lead, free mail or a merged lead", async () => {
    const paula = await contact({ name: "Paula Vidros", email: "paula@vidraria-sul.com.br" });
    const rui = await contact({ name: "Rui Vidros", email: "rui@vidraria-sul.com.br" });
    const lone = await contact({ name: "Solitário Vidros", email: "solo@vidraria-unica.com.br" });
    const gabriel = await contact({ name: "Gabriel Vidros", email: "gabriel.vidros@gmail.com" });
    const gabriela = await contact({ name: "Gabriela Vidros", email: "gabriela.vidros@gmail.com" });
    const applicant = await insertLead(app.db(), app.schema, "careerApplications", {
      name: "Paula Vidros",
      email: "paula@vidraria-sul.com.br",
      phone: "11999990000",
      position: "Engenheira",
      experience: "5 anos",
      motivation: "Olá",
    });

    // The inbox searched by the one word they share (every row is the page's).
    const inbox = await marked("/admin/leads?q=vidros", "inbox-row");
    expect(inbox).toEqual({
      [page("contatos", paula.id)]: true,
      [page("contatos", rui.id)]: true,
      [page("contatos", lone.id)]: false,
      [page("contatos", gabriel.id)]: false,
      [page("contatos", gabriela.id)]: false,
      // Hiring is its own pipeline: the contact with its address is no duplicate of the application.
      [page("candidaturas", applicant.id)]: false,
    });
    expect((await rowsOn("/admin/leads?q=vidros", "inbox-row")).find((r) => r.marked)!.text).toContain("possível duplicado");
    const contacts = await marked("/admin/leads/contatos?q=Vidros", "lead-row");
    expect(contacts[page("contatos", paula.id)]).toBe(true);
    expect(contacts[page("contatos", rui.id)]).toBe(true);
    expect(contacts[page("contatos", lone.id)]).toBe(false);
    expect(contacts[page("contatos", gabriel.id)]).toBe(false);
    expect((await marked("/admin/leads/candidaturas?q=Vidros", "lead-row"))[page("candidaturas", applicant.id)]).toBe(false);

    // Merged: the merged lead has no mark, and the survivor has no other duplicate left.
    expect((await post(page("contatos", paula.id), { intent: "mesclar", outro: String(rui.leadId), manter: "este" })).status).toBe(303);
    const after = await marked("/admin/leads?q=vidros", "inbox-row");
    expect(after[page("contatos", paula.id)]).toBe(false);
    expect(after[page("contatos", rui.id)]).toBe(false);
  });
});
