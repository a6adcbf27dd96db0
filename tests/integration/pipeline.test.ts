/**
 * The lead pipeline through real HTTP on the production bundle: the inbox across lead types,
 * stages (a consultation's following its status until set), notes, follow-up days, filters,
 * whole-address and whole-word search, audit rows, CSV export, bad input (4xx, nothing stored),
 * the session guard, deletion with the lead, and the daily e-mail through a local SMTP server.
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import type { PipelineType } from "~/lib/pipeline";
import { adminSession, startTestApp, testHooks, type TestApp } from "../helpers/app";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { conversationLead, insertLead, leadWhere, meetingLead, storedLead } from "../support/leads";
import { atLeast } from "../support/rows";
import { waitFor } from "../support/wait";

let smtp: FakeSmtp;
let app: TestApp;
let cookie: string;
const ids = {} as Record<"ana" | "mariana" | "formula" | "pedro" | "chat" | "anonymousChat" | "joao" | "carlos", number>;
/** Their rows of `leads` (what notes refer to), where the addresses name them by number (docs/decisions/0140). */
const leadIds = {} as Record<"ana" | "mariana" | "pedro", number>;
const leadRow = (kind: PipelineType, number: number) =>
  app
    .db()
    .select()
    .from(app.schema.leads)
    .where(leadWhere(app.schema, kind, number))
    .then(first);

/** The Brasília day, `offset` days from today, as YYYY-MM-DD. */
function day(offset = 0): string {
  const at = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url });
  cookie = await adminSession(app);
  const { chatSessions } = app.schema;
  const database = app.db();
  const contact = (name: string, email: string) =>
    insertLead(database, app.schema, "contacts", { name, email, company: "Empresa Exemplo", message: "Queremos um agente." });
  ({ id: ids.ana, leadId: leadIds.ana } = await contact("Ana Paula Silva", "ana.silva@empresa.com.br"));
  ({ id: ids.mariana, leadId: leadIds.mariana } = await contact("Mariana Costa", "mariana@empresa.com.br"));
  ({ id: ids.formula } = await contact('=HYPERLINK("http://x")', "formula@empresa.com.br"));
  ({ id: ids.pedro, leadId: leadIds.pedro } = await insertLead(database, app.schema, "consultations", {
    name: "Pedro Alves",
    email: "pedro@alves.com.br",
    phone: "21999998888",
    company: "Alves Logística",
    industryArea: "Logística",
    status: "contacted",
    source: "Agendar Consultoria Exclusiva",
    // The visit it came from: an e-mail campaign (decision 0042).
    landingPath: "/sobre",
    referrerHost: "mail.example.com",
    utmSource: "newsletter",
    utmMedium: "email",
    utmCampaign: "lancamento-outono",
    visitCounted: true,
  }));
  ({ id: ids.chat } = await database
    .insert(chatSessions)
    .values({ sessionId: "offline-1", email: "visitante@chat.com.br", phone: "11999990000", offline: true })
    .returning({ id: chatSessions.id })
    .then(first));
  await conversationLead(database, app.schema, ids.chat);
  ({ id: ids.anonymousChat } = await database
    .insert(chatSessions)
    .values({ sessionId: "offline-2", offline: true })
    .returning({ id: chatSessions.id })
    .then(first));
  ({ id: ids.joao } = await insertLead(database, app.schema, "businessOptimizations", {
    companyName: "Indústria Ação",
    contactName: "João Pereira",
    email: "joao@acao.com.br",
  }));
  ({ id: ids.carlos } = await insertLead(database, app.schema, "careerApplications", {
    name: "Carlos Lima",
    email: "carlos@example.com",
    phone: "11987654321",
    position: "Senior AI Engineer",
    experience: "x".repeat(60),
    motivation: "y".repeat(60),
  }));
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const get = (path: string, withCookie = true) => fetch(`${app.url}${path}`, { headers: withCookie ? { cookie } : {}, redirect: "manual" });
const save = (path: string, fields: Record<string, string>, withCookie = true) =>
  fetch(`${app.url}/admin/leads/funil/${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(withCookie ? { cookie, origin: app.url } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The inbox as the CSV export returns it, without the BOM: one array of cells per lead. */
async function exported(query = ""): Promise<string[][]> {
  const res = await get(`/api/funil/export${query}`);
  expect(res.status).toBe(200);
  const text = (await res.text()).replace(/^\uFEFF/, "");
  return text
    .split("\r\n")
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(";").map((c) => c.replace(/^"|"$/g, "").replace(/""/g, '"')));
}
const namesIn = async (query = "") => (await exported(query)).map((r) => r[2] || r[3]).sort();

async function counts() {
  const { leadNotes, auditLog } = app.schema;
  const value = async (table: typeof leadNotes | typeof auditLog) => first(await app.db().select({ value: count() }).from(table)).value;
  return { notes: await value(leadNotes), audit: await value(auditLog) };
}

describe("inbox", () => {
  it("lists every sales lead type once, chat only with a contact, newest first", async () => {
    const page = await get("/admin/leads");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/data-testid="inbox-row"/g)).toHaveLength(7);
    for (const name of ["Ana Paula Silva", "Pedro Alves", "visitante@chat.com.br", "João Pereira", "Carlos Lima"])
      expect(html).toContain(name);
    const rows = await exported();
    expect(rows.map((r) => r[0]).sort()).toEqual([
      "Candidatura",
      "Contato",
      "Contato",
      "Contato",
      "Conversa no chat",
      "Questionário",
      "Solicitação de consultoria",
    ]);
  });

  it("new leads are 'Novo', new applications 'Recebida'; a consultation's stage is its status", async () => {
    const rows = await exported();
    const stageOf = (name: string) => rows.find((r) => r[2] === name)?.[6];
    expect(stageOf("Ana Paula Silva")).toBe("Novo");
    expect(stageOf("Carlos Lima")).toBe("Recebida");
    expect(stageOf("Pedro Alves")).toBe("Em contato"); // status 'contacted'
    // One state: the consultation's row names its industry, never a second state beside the stage.
    expect(rows.find((r) => r[2] === "Pedro Alves")?.[5]).toBe("Logística");
  });

  it("the lead's one page shows the origin of the visit; the button pressed is 'Botão usado'; the old record address leads there", async () => {
    /** The visit's origin as a page shows it: each attribution field's text. */
    const origin = (html: string) =>
      Object.fromEntries([...html.matchAll(/data-testid="(attribution-[a-z]+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]])) as Record<
        string,
        string
      >;
    const pipelinePage = await (await get(`/admin/leads/funil/consultas/${ids.pedro}`)).text();
    // The full record is the same page now (docs/decisions/0129): its old address answers 301.
    const old = await get(`/admin/leads/consultas/${ids.pedro}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/admin/leads/funil/consultas/${ids.pedro}`);
    const expected = {
      "attribution-campaign": "lancamento-outono",
      "attribution-source": "newsletter",
      "attribution-medium": "email",
      "attribution-landing": "/sobre",
      "attribution-referrer": "mail.example.com",
    };
    expect(origin(pipelinePage)).toEqual(expected);
    expect(pipelinePage).toContain("Origem da visita");
    expect(pipelinePage).toMatch(/>Botão usado<\/dt>/);
    expect(pipelinePage).toContain("Agendar Consultoria Exclusiva");
    // 'Origem' alone (the old label of the button, or of a missing origin) is gone.
    expect(pipelinePage).not.toMatch(/>Origem<\//);
    // A lead without a recorded visit says so.
    expect(await (await get(`/admin/leads/funil/contatos/${ids.ana}`)).text()).toContain("Sem dados da visita");
  });

  it("finds a person by the whole e-mail address or whole words of the name, never a part", async () => {
    expect(await namesIn("?q=ana")).toEqual(["Ana Paula Silva"]); // not "Mariana"
    expect(await namesIn("?q=SILVA%20ana")).toEqual(["Ana Paula Silva"]);
    expect(await namesIn("?q=joao")).toEqual(["João Pereira"]); // accents ignored
    expect(await namesIn(`?q=${encodeURIComponent("ANA.SILVA@empresa.com.br")}`)).toEqual(["Ana Paula Silva"]);
    expect(await namesIn(`?q=${encodeURIComponent("silva@empresa.com.br")}`)).toEqual([]);
    expect(await namesIn(`?q=${encodeURIComponent("@empresa.com.br")}`)).toEqual([]);
    expect(await namesIn("?q=empresa")).toEqual([]);
    expect(await namesIn("?q=visitante%40chat.com.br")).toEqual(["visitante@chat.com.br"]);
  });

  it("folds accents and case on both sides and splits a name on anything but letters and digits, in every lead table", async () => {
    const { bookings } = app.schema;
    const start = new Date(Date.now() + 7 * 86_400_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    // A meeting booked by someone with no earlier lead is a lead of its own (docs/decisions/0082).
    const own = await meetingLead(app.db(), app.schema, {
      name: "MARIA da Conceição-Araújo",
      email: "maria.conceicao@example.com",
      phone: "11999996666",
      company: "Exemplo",
    });
    await app
      .db()
      .insert(bookings)
      .values({
        id: own.id,
        leadId: own.leadId,
        uid: "busca-por-nome@agendar",
        startsAt: start,
        endsAt: end,
        occupied: `[${start.toISOString()},${end.toISOString()})`,
        name: "MARIA da Conceição-Araújo",
        email: "maria.conceicao@example.com",
        phone: "11999996666",
        company: "Exemplo",
        placeKind: "link-later",
      })
      .returning({ id: bookings.id })
      .then(first);
    try {
      expect(await namesIn(`?q=${encodeURIComponent("JOÃO")}`)).toEqual(["João Pereira"]); // a questionnaire's contact
      expect(await namesIn("?q=pereira%20Joao")).toEqual(["João Pereira"]);
      expect(await namesIn("?q=PEDRO")).toEqual(["Pedro Alves"]); // a consultation
      expect(await namesIn("?q=lima%20carlos")).toEqual(["Carlos Lima"]); // an application
      expect(await namesIn("?q=conceicao%20ARAUJO")).toEqual(["MARIA da Conceição-Araújo"]); // a meeting
      expect(await namesIn(`?q=${encodeURIComponent("maria, conceição-araújo")}`)).toEqual(["MARIA da Conceição-Araújo"]);
      expect(await namesIn("?q=maria")).toEqual(["MARIA da Conceição-Araújo"]); // never "Mariana"
      expect(await namesIn("?q=jo")).toEqual([]); // a whole word, never its start
      expect(await namesIn("?q=conceica")).toEqual([]);
      expect(await namesIn("?q=ana%20costa")).toEqual([]); // every word in one name
      expect(await namesIn("?q=%2C%20-")).toEqual([]); // no word at all
    } finally {
      await app.db().delete(app.schema.leads).where(eq(app.schema.leads.id, own.leadId));
    }
  });

  it("a name search reads each named lead table's index of name words, never every row (docs/decisions/0132)", async () => {
    const { inboxCountsQuery } = await testHooks();
    const nodes = await app.db().transaction(async (tx) => {
      // Seven leads fit in one page, where reading them all is cheapest: with every way of
      // reading a whole table priced out (a sequential scan, or a walk of any index), only an
      // index that answers the search itself is left to the plan.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const result = (await tx.execute(sql`explain (format json) ${inboxCountsQuery({ q: "João Silva" })}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const cell = Object.values(result.rows[0] ?? {})[0];
      const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
      const all: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        all.push(node);
        node.Plans?.forEach(walk);
      };
      walk(plan[0]!.Plan);
      return all;
    });
    // One table holds every lead (docs/decisions/0135): its index of name words answers the search.
    expect(nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "leads")).toEqual([]);
    expect(nodes.map((n) => n["Index Name"]).filter(Boolean)).toContain("leads_name_words_idx");
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

describe("moving a lead", () => {
  it("sets stage, follow-up day and a note in one post; each change is one audit row, the note's text is not", async () => {
    const before = await counts();
    const res = await save(`contatos/${ids.ana}`, {
      stage: "em-contato",
      followUpOn: day(0),
      note: "Ligar na terça para falar do piloto.",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/leads/funil/contatos/${ids.ana}?salvo=1`);

    const { leadNotes, auditLog } = app.schema;
    const row = await leadRow("contatos", ids.ana);
    expect(row).toMatchObject({ stage: "em-contato", followUpOn: day(0) });
    // The note is a note; the stage move is its audit row, which the lead's history reads (docs/decisions/0129).
    const notes = await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, leadIds.ana)).orderBy(leadNotes.id);
    expect(notes.map((n) => [n.author, n.body])).toEqual([["admin", "Ligar na terça para falar do piloto."]]);

    const audits = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `contact:${ids.ana}`))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([
      ["lead.stage", "admin"],
      ["lead.follow_up", "admin"],
      ["lead.note", "admin"],
    ]);
    const [stageAudit, followUpAudit, noteAudit] = atLeast(3)(audits);
    expect(stageAudit.details).toEqual({ from: "novo", to: "em-contato" });
    expect(followUpAudit.details).toEqual({ from: null, to: day(0) });
    expect(JSON.stringify(noteAudit.details)).not.toContain("terça");
    expect(await counts()).toEqual({ notes: before.notes + 1, audit: before.audit + 3 });

    const page = await (await get(`/admin/leads/funil/contatos/${ids.ana}?salvo=1`)).text();
    expect(page).toContain("Alterações salvas.");
    expect(page).toContain("Ligar na terça para falar do piloto.");
    expect(page).toContain("Etapa alterada: Novo → Em contato.");
    expect(page).toContain('data-testid="stage"');
  });

  it("saving the same values writes nothing", async () => {
    const before = await counts();
    const res = await save(`contatos/${ids.ana}`, { stage: "em-contato", followUpOn: day(0), note: "   " });
    expect(res.headers.get("location")).toContain("?salvo=0");
    expect(await counts()).toEqual(before);
  });

  it("clearing the follow-up day is a change, audited", async () => {
    await save(`contatos/${ids.ana}`, { stage: "em-contato", followUpOn: "" });
    const { auditLog } = app.schema;
    const row = await leadRow("contatos", ids.ana);
    expect(row.followUpOn).toBeNull();
    const [last] = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `contact:${ids.ana}`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last).toMatchObject({ action: "lead.follow_up", details: { from: day(0), to: null } });
  });

  it.each([
    ["an unknown stage", { stage: "fechado", followUpOn: "" }, "Selecione uma etapa válida."],
    ["an impossible date", { stage: "novo", followUpOn: "2026-02-30" }, "Informe uma data válida (dd/mm/aaaa)."],
    ["a date in another format", { stage: "novo", followUpOn: "30/11/2026" }, "Informe uma data válida (dd/mm/aaaa)."],
    ["a date years away", { stage: "novo", followUpOn: "2099-01-01" }, "A data do retorno deve estar entre"],
    ["a note too long", { stage: "novo", followUpOn: "", note: "a".repeat(2001) }, "no máximo 2000 caracteres"],
    ["no stage at all", { followUpOn: "" }, "Selecione uma etapa válida."],
  ])("refuses %s with 400, the message beside the field, and stores nothing", async (_name, fields, message) => {
    const before = await counts();
    const res = await save(`contatos/${ids.mariana}`, fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for a lead that does not exist, an unknown type, or a chat without contact", async () => {
    const before = await counts();
    for (const path of ["contatos/999999", "newsletter/1", "pedidos/1", "contatos/abc", `conversas/${ids.anonymousChat}`]) {
      expect((await save(path, { stage: "ganho", followUpOn: "" })).status, path).toBe(404);
      expect((await get(`/admin/leads/funil/${path}`)).status, path).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it("requires a session: the form post goes to /login and stores nothing, the CSV answers 401", async () => {
    const before = await counts();
    const res = await save(`contatos/${ids.mariana}`, { stage: "ganho", followUpOn: "" }, false);
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toContain("/login");
    expect(await counts()).toEqual(before);
    expect((await get("/api/funil/export", false)).status).toBe(401);
    expect((await get("/admin/leads", false)).headers.get("location")).toContain("/login");
  });
});

describe("one state per lead (docs/decisions/0088)", () => {
  const setStatus = (status: string) =>
    fetch(`${app.url}/api/consultations/${ids.pedro}`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ status }),
    });
  const stage = async () => first(await exported("?tipo=consultas"))[6];
  const status = async () => (await storedLead(app.db(), app.schema, "consultations", ids.pedro))!.status;

  it("a consultation's status and stage are one thing, changed from either side", async () => {
    expect((await setStatus("lost")).status).toBe(200);
    expect(await stage()).toBe("Perdido");
    expect((await setStatus("pending")).status).toBe(200);
    expect(await stage()).toBe("Novo");
    // The pipeline's form writes the status.
    expect((await save(`consultas/${ids.pedro}`, { stage: "proposta-enviada", followUpOn: "" })).status).toBe(303);
    expect(await status()).toBe("proposal_sent");
    // And the status moves the stage again, whoever set it last.
    expect((await setStatus("won")).status).toBe(200);
    expect(await stage()).toBe("Ganho");
    // The meeting statuses of before are not states any more.
    expect((await setStatus("scheduled")).status).toBe(400);
    expect(await status()).toBe("won");
    // One column holds it (docs/decisions/0088, 0135).
    expect((await leadRow("consultas", ids.pedro)).stage).toBe("ganho");
    // The lead's history tells every move of the one state, through the API or the form, in order.
    const page = (await (await get(`/admin/leads/funil/consultas/${ids.pedro}`)).text()).replaceAll("<!-- -->", "");
    const moves = [...page.matchAll(/>(Etapa alterada: [^<]+)</g)].map((m) => m[1]);
    expect(moves).toEqual([
      "Etapa alterada: Em contato → Perdido.",
      "Etapa alterada: Perdido → Novo.",
      "Etapa alterada: Novo → Proposta enviada.",
      "Etapa alterada: Proposta enviada → Ganho.",
    ]);
  });

  it("applications move through hiring stages, never the sales ones", async () => {
    const before = await counts();
    const sale = await save(`candidaturas/${ids.carlos}`, { stage: "ganho", followUpOn: "" });
    expect(sale.status).toBe(400);
    expect(await sale.text()).toContain("Esta etapa não vale para este tipo de lead.");
    expect(await counts()).toEqual(before);
    const hire = await save(`contatos/${ids.ana}`, { stage: "entrevista", followUpOn: "" });
    expect(hire.status).toBe(400);
    expect((await save(`candidaturas/${ids.carlos}`, { stage: "entrevista", followUpOn: "" })).status).toBe(303);
    const rows = await exported("?tipo=candidaturas");
    expect(first(rows)[6]).toBe("Entrevista");
    expect(await namesIn("?etapa=entrevista")).toEqual(["Carlos Lima"]);
    expect(await namesIn("?etapa=abertos")).toContain("Carlos Lima");
  });
});

describe("filters and CSV", () => {
  beforeAll(async () => {
    // João: overdue follow-up, open. Carlos: overdue but closed (lost): not due.
    await save(`questionarios/${ids.joao}`, { stage: "novo", followUpOn: day(-2) });
    await save(`candidaturas/${ids.carlos}`, { stage: "recusada", followUpOn: day(-2) });
    await save(`conversas/${ids.chat}`, { stage: "ganho", followUpOn: day(3) });
    // Pedro: more overdue than João, so first among the due ones.
    await save(`consultas/${ids.pedro}`, { stage: "proposta-enviada", followUpOn: day(-5) });
  });

  it("filters by type, stage, open stages, due follow-ups and origin", async () => {
    expect(await namesIn("?tipo=candidaturas")).toEqual(["Carlos Lima"]);
    expect(await namesIn("?etapa=ganho")).toEqual(["visitante@chat.com.br"]);
    expect(await namesIn("?etapa=abertos")).not.toContain("Carlos Lima");
    expect(await namesIn("?etapa=abertos")).not.toContain("visitante@chat.com.br");
    const due = (await exported("?retorno=vencido")).map((r) => r[2]);
    expect(due).toEqual(["Pedro Alves", "João Pereira"]); // the most overdue first
    // Origin is the visit's (decision 0087): the campaign's source, else the site, else a direct visit.
    expect(await namesIn("?origem=newsletter")).toEqual(["Pedro Alves"]);
    expect(await namesIn(`?origem=${encodeURIComponent("Agendar Consultoria Exclusiva")}`)).toEqual([]);
    expect(await namesIn("?origem=direto")).not.toContain("Pedro Alves");
    expect((await namesIn("?origem=direto")).length).toBe((await namesIn()).length - 1);
    expect(await namesIn("?tipo=contatos&etapa=em-contato")).toEqual(["Ana Paula Silva"]);
    // Unknown values are ignored, not an error.
    expect((await get("/admin/leads?tipo=pedidos&etapa=x&page=-3")).status).toBe(200);
    const html = await (await get("/admin/leads?retorno=vencido")).text();
    expect(html.match(/data-testid="inbox-row"/g)).toHaveLength(2);
    expect(html).toContain("Atrasado");
  });

  it("the empty inbox says so", async () => {
    const html = await (await get("/admin/leads?q=ninguem%40nada.com.br")).text();
    expect(html).toContain("Nenhum lead corresponde aos filtros.");
  });

  it("exports the filtered inbox as CSV with the lead CSV's protections, audited without the search text", async () => {
    const res = await get(`/api/funil/export?q=${encodeURIComponent("formula@empresa.com.br")}`);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="funil-de-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: Excel keeps the accents
    const text = bytes.subarray(3).toString("utf8");
    expect(
      text.startsWith(
        "Tipo;ID;Nome;E-mail;Empresa;Detalhe;Etapa;Próximo retorno;Botão usado;Campanha (utm_campaign);Fonte (utm_source);" +
          "Meio (utm_medium);Página de entrada;Site de origem;Recebido em\r\n",
      ),
    ).toBe(true);
    expect(text).toContain(`'=HYPERLINK(`); // a formula is never a formula
    const { auditLog } = app.schema;
    const audit = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "lead.inbox.export"))
      .orderBy(desc(auditLog.id))
      .limit(1)
      .then(first);
    expect(audit.details).toMatchObject({ count: 1, search: true });
    expect(JSON.stringify(audit.details)).not.toContain("formula@");
  });
});

describe("daily e-mail", () => {
  /** Noon in Brasília today: after the 8h start, and the seeded leads are from the last day. */
  const noon = () => new Date(`${day(0)}T12:00:00-03:00`);

  it("is off without SMTP", async () => {
    const { runDailyDigest } = await import("~/domain/pipeline-digest.server");
    const { outbox } = app.schema;
    const before = first(await app.db().select({ value: count() }).from(outbox).where(eq(outbox.kind, "pipeline.digest"))).value;
    expect(await runDailyDigest({ now: noon(), smtp: false })).toEqual({ status: "skipped", reason: "no-smtp" });
    expect(first(await app.db().select({ value: count() }).from(outbox).where(eq(outbox.kind, "pipeline.digest"))).value).toBe(before);
  });

  it("waits for the morning, then lists due follow-ups and new leads once a day, through SMTP", async () => {
    const { runDailyDigest } = await import("~/domain/pipeline-digest.server");
    expect(await runDailyDigest({ now: new Date(`${day(0)}T06:00:00-03:00`) })).toEqual({ status: "skipped", reason: "too-early" });
    const result = await runDailyDigest({ now: noon() });
    expect(result).toMatchObject({ status: "sent", due: 2, fresh: 7 });
    expect(await runDailyDigest({ now: noon() })).toEqual({ status: "skipped", reason: "done-today" });

    const { outbox, auditLog } = app.schema;
    const rows = await app.db().select().from(outbox).where(eq(outbox.kind, "pipeline.digest"));
    expect(rows).toHaveLength(1);
    const digest = first(rows);
    expect(digest.recipient).toBe("contato@agileia.com.br");
    expect(digest.body).toContain("Retornos para hoje ou atrasados (2):");
    expect(digest.body).toMatch(/\[Questionário\] João Pereira · joao@acao\.com\.br .*retorno: /);
    expect(digest.body).toContain("Novos leads nas últimas 24 horas (7):");
    expect(digest.body).toContain(`/admin/leads/funil/contatos/${ids.ana}`);
    const runs = await app.db().select().from(auditLog).where(eq(auditLog.action, "pipeline.digest"));
    expect(runs).toHaveLength(1);

    // The outbox worker of the running server delivers it, then marks it sent (no event for that).
    await smtp.message((raw) => raw.includes("Subject: Funil de leads: 2 retornos para hoje"));
    const sent = await waitFor(
      async () =>
        (
          await app
            .db()
            .select()
            .from(outbox)
            .where(and(eq(outbox.kind, "pipeline.digest"), isNotNull(outbox.sentAt)))
        )[0],
      { message: "o resumo entregue não foi marcado como enviado" },
    );
    expect(sent.status).toBe("sent");
  });
});

describe("deleting a lead", () => {
  const postAdmin = (path: string, fields: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("the data-subject export carries the person's stage and notes; erasure deletes them", async () => {
    const email = "mariana@empresa.com.br";
    await save(`contatos/${ids.mariana}`, { stage: "descartado", followUpOn: "", note: "Pediu para não ser contatada." });
    const exportRes = await postAdmin("/admin/privacidade/exportar", { email, format: "json" });
    expect(exportRes.status).toBe(200);
    const doc = (await exportRes.json()) as { tabelas: Record<string, Array<Record<string, unknown>>> };
    expect(doc.tabelas.lead_notes).toEqual([
      expect.objectContaining({ leadId: leadIds.mariana, author: "admin", body: "Pediu para não ser contatada." }),
    ]);
    expect(doc.tabelas.leads).toEqual([expect.objectContaining({ kind: "contatos", number: ids.mariana, stage: "descartado" })]);

    const erased = await postAdmin("/admin/privacidade", { intent: "erase", subject: email, confirm: email });
    expect(erased.status).toBeLessThan(400);
    const { leadNotes, leads, auditLog } = app.schema;
    expect(await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, leadIds.mariana))).toEqual([]);
    expect(await app.db().select().from(leads).where(eq(leads.id, leadIds.mariana))).toEqual([]);
    const audit = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "privacy.erase"))
      .orderBy(desc(auditLog.id))
      .limit(1)
      .then(first);
    expect(audit.details).toMatchObject({ deleted: { leads: 1, contactAnswers: 1, leadNotes: 1 } });
  });

  it("deletes its stage and notes with it (erasure and retention delete leads)", async () => {
    const { leads, leadNotes, contactAnswers } = app.schema;
    expect((await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, leadIds.ana))).length).toBe(1);
    await app
      .db()
      .delete(leads)
      .where(inArray(leads.id, [leadIds.ana]));
    expect(await app.db().select().from(leadNotes).where(eq(leadNotes.leadId, leadIds.ana))).toEqual([]);
    expect(await app.db().select().from(contactAnswers).where(eq(contactAnswers.leadId, leadIds.ana))).toEqual([]);
  });
});
