/**
 * Deals (docs/decisions/0142, 0143) on the production bundle and a real database: the pipeline's
 * totals against the plain sum (a fast-check property over random leads, values, stages and
 * probabilities), the lead page's deal form and the reason of a loss, the board's moves (with and
 * without the script's `via`), the stage probabilities, and bad input answered 4xx with nothing
 * stored.
 */
import { and, count, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEAL_STAGES, DEFAULT_PROBABILITIES, formatBRL, OPEN_DEAL_STAGES } from "~/lib/deals";
import { first } from "~/lib/first";
import type { PipelineType, SalesStage } from "~/lib/pipeline";
import { adminSession, startTestApp, testHooks, type TestApp } from "../helpers/app";
import { insertLead, leadWhere } from "../support/leads";

let app: TestApp;
let cookie: string;
let hooks: Awaited<ReturnType<typeof testHooks>>;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
  hooks = await testHooks();
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const lead = (kind: PipelineType, number: number) =>
  app
    .db()
    .select()
    .from(app.schema.leads)
    .where(leadWhere(app.schema, kind, number))
    .then(first);
const audits = async (action: string, target: string) =>
  first(
    await app
      .db()
      .select({ n: count() })
      .from(app.schema.auditLog)
      .where(and(eq(app.schema.auditLog.action, action), eq(app.schema.auditLog.target, target))),
  ).n;
const notesOf = (leadId: number) =>
  app.db().select({ body: app.schema.leadNotes.body }).from(app.schema.leadNotes).where(eq(app.schema.leadNotes.leadId, leadId));

async function newContact(name: string, stage?: string) {
  return insertLead(app.db(), app.schema, "contacts", {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@exemplo.com.br`,
    message: "Olá",
    ...(stage ? { stage } : {}),
  });
}

describe("the pipeline's totals", () => {
  it("the weighted total is the sum of value × probability over open deals, per stage and in total (property)", async () => {
    const { leads, stageProbabilities } = app.schema;
    const stageArb = fc.constantFrom<string>(...DEAL_STAGES, "recebida", "entrevista");
    const leadArb = fc.record({
      stage: stageArb,
      value: fc.option(fc.integer({ min: 0, max: 10_000_000_000 }), { nil: null }),
    });
    const probabilitiesArb = fc.record(
      Object.fromEntries(DEAL_STAGES.map((s) => [s, fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined })])) as Record<
        SalesStage,
        fc.Arbitrary<number | undefined>
      >,
    );
    let number = 10_000;
    await fc.assert(
      fc.asyncProperty(fc.array(leadArb, { maxLength: 40 }), probabilitiesArb, async (rows, chosen) => {
        const database = app.db();
        await database.execute(sql`delete from leads where number >= 10000`);
        await database.delete(stageProbabilities);
        const set = Object.entries(chosen).filter((e): e is [string, number] => e[1] !== undefined);
        if (set.length) await database.insert(stageProbabilities).values(set.map(([stage, probability]) => ({ stage, probability })));
        if (rows.length) {
          await database.insert(leads).values(
            rows.map((r) => ({
              kind: DEAL_STAGES.includes(r.stage as SalesStage) ? "contatos" : "candidaturas",
              number: number++,
              stage: r.stage,
              valueCents: r.value,
            })),
          );
        }
        const totals = await hooks.pipelineTotals();
        const p = (stage: SalesStage) => chosen[stage] ?? DEFAULT_PROBABILITIES[stage];
        let openWeighted = 0n;
        for (const stage of DEAL_STAGES) {
          const inStage = rows.filter((r) => r.stage === stage);
          const value = inStage.reduce((a, r) => a + BigInt(r.value ?? 0), 0n);
          const weighted = inStage.reduce((a, r) => a + BigInt(r.value ?? 0) * BigInt(p(stage)), 0n);
          if (OPEN_DEAL_STAGES.includes(stage)) openWeighted += weighted;
          const got = totals.stages.find((s) => s.stage === stage)!;
          expect(got.count).toBe(inStage.length);
          expect(got.valueCents).toBe(Number(value));
          expect(got.probability).toBe(p(stage));
          expect(got.weightedCents).toBe(Number(weighted) / 100);
        }
        const open = rows.filter((r) => OPEN_DEAL_STAGES.includes(r.stage as SalesStage));
        expect(totals.open.count).toBe(open.length);
        expect(totals.open.valueCents).toBe(Number(open.reduce((a, r) => a + BigInt(r.value ?? 0), 0n)));
        expect(totals.open.weightedCents).toBe(Number(openWeighted) / 100);
        expect(totals.all.count).toBe(rows.filter((r) => DEAL_STAGES.includes(r.stage as SalesStage)).length);
      }),
      { seed: 4242, numRuns: 40 },
    );
    await app.db().execute(sql`delete from leads where number >= 10000`);
    await app.db().delete(stageProbabilities);
  });

  it("the board shows each column's totals and the open pipeline's weighted total", async () => {
    const a = await newContact("Bruna Quadro");
    await app
      .db()
      .update(app.schema.leads)
      .set({ valueCents: 1_000_000, stage: "proposta-enviada" })
      .where(eq(app.schema.leads.id, a.leadId));
    const res = await fetch(`${app.url}/admin/leads/negocios`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Bruna Quadro");
    expect(html.match(/data-testid="board-column"/g)).toHaveLength(DEAL_STAGES.length);
    const totals = await hooks.pipelineTotals();
    expect(html).toContain(formatBRL(totals.open.weightedCents));
    // Every card has a plain form that moves it without JavaScript.
    expect(html).toMatch(/<form[^>]*action="\/admin\/leads\/negocios" method="post"/);
  });

  it("the dashboard's card shows the open deals' count, value and weighted value, and links to the board", async () => {
    const dashboard = await fetch(`${app.url}/admin/dashboard`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    const html = (await dashboard.text()).replaceAll("<!-- -->", "");
    const card = html.slice(html.indexOf('data-testid="pipeline-summary"'));
    const totals = await hooks.pipelineTotals();
    expect(totals.open.count).toBeGreaterThan(0);
    const figure = (testid: string) => new RegExp(`data-testid="${testid}"[^>]*>.*?<dd[^>]*>([^<]*)</dd>`).exec(card)?.[1];
    expect(figure("pipeline-open-count")).toBe(totals.open.count.toLocaleString("pt-BR"));
    expect(figure("pipeline-open-value")).toBe(formatBRL(totals.open.valueCents));
    expect(figure("pipeline-open-weighted")).toBe(formatBRL(totals.open.weightedCents));
    expect(card).toMatch(/href="\/admin\/leads\/negocios"/);
  });
});

describe("the lead page's deal", () => {
  it("stores a value in cents and a close day, audited; refuses a negative value, a bad amount and a bad day", async () => {
    const l = await newContact("Carla Valor");
    const path = `/admin/leads/funil/contatos/${l.id}`;
    for (const [fields, field] of [
      [{ valueCents: "-10,00", expectedCloseOn: "" }, "negativo"],
      [{ valueCents: "doze mil", expectedCloseOn: "" }, "valor válido"],
      [{ valueCents: "1,234", expectedCloseOn: "" }, "valor válido"],
      [{ valueCents: "100", expectedCloseOn: "2027-02-30" }, "data válida"],
      [{ valueCents: "100", expectedCloseOn: "31/12/2027" }, "data válida"],
      [{ valueCents: "100", expectedCloseOn: "2099-01-01" }, "dez anos"],
      [{ valueCents: "999999999999", expectedCloseOn: "" }, "no máximo"],
    ] as const) {
      const res = await post(path, { intent: "deal", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain(field);
    }
    expect((await lead("contatos", l.id))!.valueCents).toBeNull();
    expect(await audits("lead.deal", `contact:${l.id}`)).toBe(0);

    const ok = await post(path, { intent: "deal", valueCents: "R$ 12.500,50", expectedCloseOn: "2027-03-31" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${path}?salvo=negocio`);
    const stored = (await lead("contatos", l.id))!;
    expect(stored.valueCents).toBe(1_250_050);
    expect(stored.expectedCloseOn).toBe("2027-03-31");
    expect(await audits("lead.deal", `contact:${l.id}`)).toBe(1);
    const page = await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text();
    expect(page).toContain("12.500,50");
    // Saving the same again changes nothing and writes no audit row.
    expect((await post(path, { intent: "deal", valueCents: "12500.50", expectedCloseOn: "2027-03-31" })).headers.get("location")).toBe(
      `${path}?salvo=0`,
    );
    expect(await audits("lead.deal", `contact:${l.id}`)).toBe(1);
    // Empty clears both.
    await post(path, { intent: "deal", valueCents: "", expectedCloseOn: "" });
    expect((await lead("contatos", l.id))!.valueCents).toBeNull();
  });

  it("the move to 'perdido' needs a reason: stored, shown and in the history; 'ganho' records when", async () => {
    const l = await newContact("Diego Perda");
    const path = `/admin/leads/funil/contatos/${l.id}`;
    const refused = await post(path, { stage: "perdido", followUpOn: "", note: "", lostReason: "  " });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Informe o motivo da perda.");
    expect((await lead("contatos", l.id))!.stage).toBe("novo");
    expect(await audits("lead.stage", `contact:${l.id}`)).toBe(0);

    expect((await post(path, { stage: "perdido", followUpOn: "", note: "", lostReason: "Preço acima do orçamento" })).status).toBe(303);
    const lost = (await lead("contatos", l.id))!;
    expect(lost.stage).toBe("perdido");
    expect(lost.lostReason).toBe("Preço acima do orçamento");
    expect(lost.closedAt).toBeInstanceOf(Date);
    expect((await notesOf(l.leadId)).map((n) => n.body)).toEqual(["Motivo da perda: Preço acima do orçamento"]);
    const page = await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="deal-lost-reason"');
    expect(page).toContain("Motivo da perda: Preço acima do orçamento");
    // Saving again with the same reason (the form keeps it) adds nothing.
    expect(
      (await post(path, { stage: "perdido", followUpOn: "", note: "", lostReason: "Preço acima do orçamento" })).headers.get("location"),
    ).toBe(`${path}?salvo=0`);
    expect(await notesOf(l.leadId)).toHaveLength(1);

    expect((await post(path, { stage: "ganho", followUpOn: "", note: "", lostReason: "Preço acima do orçamento" })).status).toBe(303);
    const won = (await lead("contatos", l.id))!;
    expect(won.stage).toBe("ganho");
    expect(won.lostReason).toBeNull();
    expect(won.closedAt!.getTime()).toBeGreaterThanOrEqual(lost.closedAt!.getTime());
    expect(await audits("lead.stage", `contact:${l.id}`)).toBe(2);
    // Reopened: no longer closed.
    await post(path, { stage: "em-contato", followUpOn: "", note: "" });
    expect((await lead("contatos", l.id))!.closedAt).toBeNull();
  });

  it("an application has no deal (hiring stages)", async () => {
    const c = await insertLead(app.db(), app.schema, "careerApplications", {
      name: "Rita Vaga",
      email: "rita@exemplo.com.br",
      position: "Engenheiro(a) de IA",
      experience: "x".repeat(60),
      motivation: "y".repeat(60),
    });
    const html = await (await fetch(`${app.url}/admin/leads/funil/candidaturas/${c.id}`, { headers: { cookie } })).text();
    expect(html).not.toContain('data-testid="deal-card"');
    const res = await post("/admin/leads/negocios", { intent: "move", type: "candidaturas", id: String(c.id), stage: "ganho" });
    expect(res.status).toBe(422);
    expect((await lead("candidaturas", c.id))!.stage).toBe("recebida");
  });
});

describe("the board's moves", () => {
  it("moves a card with the plain form (303) and through the script (200), audited", async () => {
    const l = await newContact("Elisa Quadro");
    const plain = await post("/admin/leads/negocios", { intent: "move", type: "contatos", id: String(l.id), stage: "em-contato" });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/admin/leads/negocios?feito=movido#etapa-em-contato");
    expect((await lead("contatos", l.id))!.stage).toBe("em-contato");
    const scripted = await post("/admin/leads/negocios", {
      intent: "move",
      via: "script",
      type: "contatos",
      id: String(l.id),
      stage: "ganho",
    });
    expect(scripted.status).toBe(200);
    const won = (await lead("contatos", l.id))!;
    expect(won.stage).toBe("ganho");
    expect(won.closedAt).toBeInstanceOf(Date);
    expect(await audits("lead.stage", `contact:${l.id}`)).toBe(2);
  });

  it("refuses a move without the reason of a loss, to an unknown stage, of an unknown lead; nothing stored", async () => {
    const l = await newContact("Fábio Quadro");
    const before = await audits("lead.stage", `contact:${l.id}`);
    for (const [fields, status] of [
      [{ stage: "perdido" }, 400],
      [{ stage: "perdido", lostReason: "   " }, 400],
      [{ stage: "perdido", lostReason: "x".repeat(501) }, 400],
      [{ stage: "fechado" }, 400],
      [{ stage: "recebida" }, 400],
    ] as const) {
      const res = await post("/admin/leads/negocios", { intent: "move", type: "contatos", id: String(l.id), ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(status);
    }
    expect((await post("/admin/leads/negocios", { intent: "move", type: "contatos", id: "999999", stage: "ganho" })).status).toBe(404);
    expect((await post("/admin/leads/negocios", { intent: "move", type: "pedidos", id: String(l.id), stage: "ganho" })).status).toBe(400);
    expect((await post("/admin/leads/negocios", { intent: "mover-tudo" })).status).toBe(400);
    expect((await lead("contatos", l.id))!.stage).toBe("novo");
    expect(await audits("lead.stage", `contact:${l.id}`)).toBe(before);

    const lost = await post("/admin/leads/negocios", {
      intent: "move",
      type: "contatos",
      id: String(l.id),
      stage: "perdido",
      lostReason: "Escolheu outro fornecedor",
    });
    expect(lost.status).toBe(303);
    const stored = (await lead("contatos", l.id))!;
    expect([stored.stage, stored.lostReason]).toEqual(["perdido", "Escolheu outro fornecedor"]);
    expect((await notesOf(l.leadId)).map((n) => n.body)).toEqual(["Motivo da perda: Escolheu outro fornecedor"]);
  });
});

describe("stage probabilities", () => {
  it("are edited by the admin (0 to 100, audited); anything else is a 400 and nothing changes", async () => {
    const all = (p: Partial<Record<SalesStage, string>>) =>
      Object.fromEntries(DEAL_STAGES.map((s) => [`p-${s}`, p[s] ?? String(DEFAULT_PROBABILITIES[s])]));
    for (const bad of ["101", "-1", "abc", "", "50.5", "1000"]) {
      const res = await post("/admin/leads/negocios", { intent: "probabilities", ...all({ "proposta-enviada": bad }) });
      expect(res.status, bad).toBe(400);
    }
    expect(await app.db().select().from(app.schema.stageProbabilities)).toEqual([]);
    expect(await audits("pipeline.probabilities", "pipeline")).toBe(0);

    const ok = await post("/admin/leads/negocios", { intent: "probabilities", ...all({ "proposta-enviada": "75", novo: "5" }) });
    expect(ok.status).toBe(303);
    const totals = await hooks.pipelineTotals();
    expect(totals.stages.find((s) => s.stage === "proposta-enviada")!.probability).toBe(75);
    expect(totals.stages.find((s) => s.stage === "novo")!.probability).toBe(5);
    expect(totals.stages.find((s) => s.stage === "em-contato")!.probability).toBe(DEFAULT_PROBABILITIES["em-contato"]);
    expect(await audits("pipeline.probabilities", "pipeline")).toBe(1);
  });
});
