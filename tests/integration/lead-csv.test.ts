/**
 * Leads to a spreadsheet and back (docs/decisions/0148) on the production bundle and a real
 * database: the export carries each lead's id with the formula guard on; a file exported and
 * imported back shows "Nada a alterar" and, applied, changes no row of `leads`; an edited file's
 * dry run lists each changed field, each row to create and each error in Portuguese, applies
 * nothing while any error stands, and once confirmed applies exactly what it showed, audited.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, eq, inArray } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { insertLead } from "../support/leads";

let app: TestApp;
let cookie: string;
const ids: Record<string, { id: number; leadId: number }> = {};

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
  const db = app.db();
  ids.formula = await insertLead(db, app.schema, "contacts", {
    name: "=SOMA(1;2)",
    email: "Formula@Empresa.com.br",
    phone: "+55 11 98765-4321",
    company: 'Empresa "Aspas"; Ltda\nFilial Sul',
    message: "x",
    followUpOn: "2027-01-15",
  });
  ids.quoted = await insertLead(db, app.schema, "contacts", { name: "'-já guardado", email: null, phone: "", company: null, message: "x" });
  ids.consult = await insertLead(db, app.schema, "consultations", {
    name: "Joana Ávila",
    email: "joana@avila.com.br",
    phone: "11 3333-4444",
    company: "Ávila & Filhos",
    industryArea: "Saúde",
    status: "contacted",
  });
  ids.applicant = await insertLead(db, app.schema, "careerApplications", {
    name: "Pedro Candidato",
    email: "pedro@exemplo.com",
    phone: "11999990000",
    position: "Dev",
    experience: "3",
    motivation: "m",
    stage: "entrevista",
  });
});
afterAll(async () => {
  await app?.close();
});

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const snapshot = () => app.db().select().from(app.schema.leads).orderBy(asc(app.schema.leads.id));

async function exported(): Promise<string> {
  const res = await fetch(`${app.url}/admin/leads/importar/exportar`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/text\/csv/);
  expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="leads-para-importar-/);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

async function send(fields: Record<string, string>, file?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== undefined) form.set("arquivo", new Blob([file], { type: "text/csv" }), "leads.csv");
  const res = await fetch(`${app.url}/admin/leads/importar`, {
    method: "POST",
    headers: { cookie, origin: app.url },
    body: form,
    redirect: "manual",
  });
  const text = res.status === 303 ? "" : await res.text();
  const root = parseDocument(text);
  const byTest = (id: string) => DomUtils.findOne((el) => el.attribs["data-testid"] === id, root.children);
  return {
    status: res.status,
    location: res.headers.get("location"),
    text: (id: string) => {
      const el = byTest(id);
      return el ? DomUtils.textContent(el) : null;
    },
    items: (id: string) => {
      const el = byTest(id);
      return el ? DomUtils.findAll((li) => li.name === "li" && li.parent === el, [el]).map((li) => DomUtils.textContent(li)) : [];
    },
  };
}

describe("the round trip", () => {
  it("exports every lead with its id, guarded against formulas, and importing it back changes nothing", async () => {
    const csv = await exported();
    expect(csv.startsWith("\uFEFFID;Tipo;Número;Nome;E-mail;Telefone;Empresa;Etapa;Próximo retorno;Recebido em\r\n")).toBe(true);
    const records = parse(csv.slice(1), { columns: true, delimiter: ";" }) as Array<Record<string, string>>;
    const formula = records.find((r) => r.ID === String(ids.formula!.leadId))!;
    expect(formula).toMatchObject({
      Nome: "'=SOMA(1;2)",
      Telefone: "'+55 11 98765-4321",
      Empresa: 'Empresa "Aspas"; Ltda\nFilial Sul',
      Etapa: "Novo",
      "Próximo retorno": "15/01/2027",
    });
    expect(records.find((r) => r.ID === String(ids.quoted!.leadId))!.Nome).toBe("''-já guardado");
    expect(records.find((r) => r.ID === String(ids.consult!.leadId))!.Etapa).toBe("Em contato");
    expect(records).toHaveLength((await snapshot()).length);

    const before = await snapshot();
    const preview = await send({ intent: "previa" }, csv);
    expect(preview.status).toBe(200);
    expect(preview.text("import-nothing")).toBe("Nada a alterar: o arquivo tem os mesmos dados do funil.");
    expect(preview.text("import-summary")).toContain("0 a criar");
    expect(preview.text("import-summary")).toContain("0 a atualizar");
    expect(preview.text("import-summary")).toContain("0 com erro");
    const applied = await send({ intent: "aplicar", conteudo: b64(csv) });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe("/admin/leads/importar?aplicado=0-0");
    expect(await snapshot()).toEqual(before);
    // A comma-separated copy of the same file (another spreadsheet's choice) reads the same.
    const comma = stringify(parse(csv.slice(1), { delimiter: ";" }) as string[][], { delimiter: "," });
    expect((await send({ intent: "previa" }, comma)).text("import-nothing")).not.toBeNull();
  });
});

describe("an edited file", () => {
  it("shows what would change and the errors in Portuguese, applies nothing while an error stands, then applies exactly that", async () => {
    const csv = await exported();
    const rows = parse(csv.slice(1), { delimiter: ";" }) as string[][];
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const row = (leadId: number) => rows.find((r) => r[0] === String(leadId))!;
    row(ids.consult!.leadId)[col("Nome")] = "Joana Ávila Souza";
    row(ids.consult!.leadId)[col("Etapa")] = "proposta enviada";
    row(ids.consult!.leadId)[col("Próximo retorno")] = "2027-02-01";
    row(ids.formula!.leadId)[col("Telefone")] = "";
    const fresh = ["", "", "", "Novo Contato", "novo@contato.com.br", "", "Nova Empresa", "", "", ""];
    const bad = [
      ["999999", "", "", "Ninguém", "", "", "", "", "", ""],
      ["", "", "", "Sem Email", "isto-nao-e-email", "", "", "", "31/02/2027", ""],
      [String(ids.consult!.leadId), "Candidatura", "", "", "", "", "", "", "", ""],
    ];
    const edited = (extra: string[][], base = rows) =>
      stringify([...base, fresh, ...extra], { delimiter: ";", bom: true, record_delimiter: "\r\n" });
    // With errors: an application moved to a sales stage, besides the bad rows.
    const withBadStage = rows.map((r) =>
      r[0] === String(ids.applicant!.leadId) ? r.map((v, i) => (i === col("Etapa") ? "Ganho" : v)) : r,
    );
    const applicantLine = rows.findIndex((r) => r[0] === String(ids.applicant!.leadId)) + 1;

    const before = await snapshot();
    const withErrors = edited(bad, withBadStage);
    const preview = await send({ intent: "previa" }, withErrors);
    expect(preview.status).toBe(200);
    const n = rows.length; // header + leads: the first added row is line n + 1
    expect(preview.items("import-errors")).toEqual([
      `Linha ${applicantLine}: Etapa desconhecida para Candidatura: "Ganho".`,
      `Linha ${n + 2}: Nenhum lead com o ID 999999.`,
      `Linha ${n + 3}: E-mail inválido: "isto-nao-e-email". Data de próximo retorno inválida: "31/02/2027" (use dd/mm/aaaa).`,
      `Linha ${n + 4}: O ID ${ids.consult!.leadId} aparece mais de uma vez no arquivo.`,
    ]);
    const updates = preview.items("import-updates").join("\n");
    expect(updates).toContain("Nome: Joana Ávila → Joana Ávila Souza");
    expect(updates).toContain("Etapa: Em contato → Proposta enviada");
    expect(updates).toContain("Próximo retorno: (vazio) → 01/02/2027");
    expect(updates).toContain("Telefone: +55 11 98765-4321 → (vazio)");
    expect(preview.items("import-creates")).toEqual([`Linha ${n + 1} · Novo Contato · novo@contato.com.br · Nova Empresa`]);
    const refused = await send({ intent: "aplicar", conteudo: b64(withErrors) });
    expect(refused.status).toBe(422);
    expect(await snapshot()).toEqual(before);

    const good = edited([]);
    const applied = await send({ intent: "aplicar", conteudo: b64(good) });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe("/admin/leads/importar?aplicado=1-2");
    const { leads, contactAnswers, auditLog } = app.schema;
    const [consult] = await app.db().select().from(leads).where(eq(leads.id, ids.consult!.leadId));
    expect(consult).toMatchObject({
      name: "Joana Ávila Souza",
      stage: "proposta-enviada",
      followUpOn: "2027-02-01",
      email: "joana@avila.com.br",
    });
    const [formula] = await app.db().select().from(leads).where(eq(leads.id, ids.formula!.leadId));
    expect(formula).toMatchObject({ name: "=SOMA(1;2)", phone: null, company: 'Empresa "Aspas"; Ltda\nFilial Sul' });
    const [created] = await app.db().select().from(leads).where(eq(leads.email, "novo@contato.com.br"));
    expect(created).toMatchObject({ kind: "contatos", name: "Novo Contato", company: "Nova Empresa", stage: "novo" });
    expect((await app.db().select().from(contactAnswers).where(eq(contactAnswers.leadId, created!.id)))[0]?.message).toBe(
      "Importado de planilha (CSV).",
    );
    const audits = await app
      .db()
      .select({ action: auditLog.action, target: auditLog.target, details: auditLog.details })
      .from(auditLog)
      .where(inArray(auditLog.action, ["lead.import", "lead.import.update", "lead.stage", "lead.follow_up"]))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.action, a.target])).toEqual([
      ["lead.import.update", `contact:${ids.formula!.id}`],
      ["lead.stage", `consultation:${ids.consult!.id}`],
      ["lead.follow_up", `consultation:${ids.consult!.id}`],
      ["lead.import.update", `consultation:${ids.consult!.id}`],
      ["lead.import", "funil"],
    ]);
    expect(audits.at(-1)!.details).toMatchObject({ created: 1, updated: 2 });

    // And the new state, exported and imported back, is again nothing to change.
    const again = await exported();
    expect((await send({ intent: "previa" }, again)).text("import-nothing")).not.toBeNull();
  });

  it("refuses a file that is not the export's shape, and one without a session", async () => {
    const wrong = await send({ intent: "previa" }, "nome,email\nAna,ana@x.com\n");
    expect(wrong.status).toBe(422);
    expect(wrong.text("import-file-error")).toBe(
      "Faltam colunas no arquivo: ID, Tipo, Nome, E-mail, Telefone, Empresa, Etapa, Próximo retorno.",
    );
    expect((await send({ intent: "previa" })).status).toBe(400);
    const anonymous = await fetch(`${app.url}/admin/leads/importar/exportar`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);
  });
});
