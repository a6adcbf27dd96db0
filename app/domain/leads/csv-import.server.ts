/**
 * Leads out to a spreadsheet and back (docs/decisions/0148). The export has each lead's id (its row
 * of `leads`), its type and number, and the columns the admin edits: name, e-mail, phone, company,
 * stage and next follow-up day. The import reads such a file, checks every row, and answers a dry
 * run (rows to create, rows to update with each changed field, rows with errors in Portuguese);
 * only a confirmation applies it, in one transaction that locks the rows it updates and checks
 * them again, audited. A file exported and imported back changes nothing.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { contactAnswers, contactNumbers } from "~/forms/contact/table";
import { toCsv, unguardCell } from "~/infra/csv.server";
import { formatDateTime } from "~/lib/dates";
import { IMPORT_MAX_ROWS, planIsEmpty } from "~/lib/lead-import";
import { formatDay, pipelineTypeInfo, PIPELINE_TYPES, stageLabel, stagesOf, type PipelineType, type Stage } from "~/lib/pipeline";
import { recordAudit } from "../audit.server";
import { type Actor, leadAuditTarget } from "../pipeline.server";
import { insertLead } from "./capture.server";

/** A lead created by the import is a contact lead with this as its message. */
export const IMPORTED_MESSAGE = "Importado de planilha (CSV).";

export const COLUMNS = {
  id: "ID",
  type: "Tipo",
  number: "Número",
  name: "Nome",
  email: "E-mail",
  phone: "Telefone",
  company: "Empresa",
  stage: "Etapa",
  followUpOn: "Próximo retorno",
  createdAt: "Recebido em",
} as const;
type Editable = "name" | "email" | "phone" | "company" | "stage" | "followUpOn";
const EDITABLE: Editable[] = ["name", "email", "phone", "company", "stage", "followUpOn"];
const REQUIRED_HEADERS = [
  COLUMNS.id,
  COLUMNS.type,
  COLUMNS.name,
  COLUMNS.email,
  COLUMNS.phone,
  COLUMNS.company,
  COLUMNS.stage,
  COLUMNS.followUpOn,
];

type LeadRow = {
  id: number;
  kind: PipelineType;
  number: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  stage: Stage;
  follow_up_on: string | null;
  created_at: Date | string;
  merged_into_id: number | null;
};
const LEAD_COLUMNS = sql.raw(
  `id, kind, number, name, email, phone, company, stage, follow_up_on::text as follow_up_on, created_at, merged_into_id`,
);

// ---------------------------------------------------------------- export
export async function exportLeadsForImport(): Promise<{ csv: string; count: number }> {
  const rows = rowsOf<LeadRow>(await db().execute(sql`select ${LEAD_COLUMNS} from leads order by id`));
  const header = Object.values(COLUMNS);
  const records = rows.map((r) => [
    r.id,
    pipelineTypeInfo(r.kind).label,
    r.number,
    r.name,
    r.email,
    r.phone,
    r.company,
    stageLabel(r.stage),
    formatDay(r.follow_up_on),
    formatDateTime(new Date(r.created_at)),
  ]);
  return { csv: toCsv([header, ...records]), count: rows.length };
}

export const importCsvFileName = (now = new Date()) => `leads-para-importar-${now.toISOString().slice(0, 10)}.csv`;

// ---------------------------------------------------------------- reading a file
export interface RowChange {
  field: Editable;
  label: string;
  from: string;
  to: string;
}
export interface PlannedUpdate {
  line: number;
  leadId: number;
  type: PipelineType;
  number: number;
  name: string | null;
  changes: RowChange[];
  /** The values the row sets (the changed fields are applied). */
  before: Record<Editable, string | null>;
  after: Record<Editable, string | null>;
}
export interface PlannedCreate {
  line: number;
  values: Record<Editable, string | null>;
}
export interface RowError {
  line: number;
  messages: string[];
}
export interface ImportPlan {
  rows: number;
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  unchanged: number;
  errors: RowError[];
  /** A problem with the whole file (no row is read). */
  fileError?: string;
}

const FIELD_LABEL: Record<Editable, string> = {
  name: COLUMNS.name,
  email: COLUMNS.email,
  phone: COLUMNS.phone,
  company: COLUMNS.company,
  stage: COLUMNS.stage,
  followUpOn: COLUMNS.followUpOn,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fold = (v: string) => v.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

function typeOf(text: string): PipelineType | null {
  const t = fold(text);
  return PIPELINE_TYPES.find((k) => k === t || fold(pipelineTypeInfo(k).label) === t) ?? null;
}
function stageOf(text: string, type: PipelineType): Stage | null {
  const t = fold(text);
  return stagesOf(type).find((s) => s.value === t || fold(s.label) === t)?.value ?? null;
}
/** dd/mm/aaaa (as exported) or aaaa-mm-dd → aaaa-mm-dd; "" → null; undefined when not a day. */
function dayOf(text: string): string | null | undefined {
  const t = text.trim();
  if (!t) return null;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
  if (!iso) return undefined;
  const at = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(iso) ? iso : undefined;
}

/** The file's records by header, or a message for the whole file. */
function readFile(text: string): { records: Array<Record<string, string>> } | { error: string } {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = firstLine.includes(";") ? ";" : ",";
  let records: Array<Record<string, string>>;
  try {
    records = parse(body, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      delimiter,
      skip_empty_lines: true,
      relax_column_count: false,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      error: `Não foi possível ler o arquivo como CSV${line ? ` (linha ${line})` : ""}. Exporte de novo e edite sem mudar as colunas.`,
    };
  }
  if (!records.length) return { error: "O arquivo não tem nenhuma linha de lead." };
  const missing = REQUIRED_HEADERS.filter((h) => !(h in records[0]!));
  if (missing.length) return { error: `Faltam colunas no arquivo: ${missing.join(", ")}.` };
  if (records.length > IMPORT_MAX_ROWS)
    return { error: `O arquivo tem ${records.length} linhas; o máximo é ${IMPORT_MAX_ROWS} por importação.` };
  return { records };
}

/** A cell as the admin meant it: the export's formula guard (a leading ') taken off. */
const cellOf = (record: Record<string, string>, column: string) => unguardCell(record[column] ?? "");
const orNull = (v: string) => (v.trim() ? v.trim() : null);
const same = (a: string | null, b: string | null) => (a ?? "") === (b ?? "");

/** Reads the file against the database as it is now: what would change. */
export async function planImport(text: string): Promise<ImportPlan> {
  const read = readFile(text);
  if ("error" in read) return { rows: 0, creates: [], updates: [], unchanged: 0, errors: [], fileError: read.error };
  const ids = read.records
    .map((r) => cellOf(r, COLUMNS.id).trim())
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);
  const existing = new Map(
    ids.length
      ? rowsOf<LeadRow>(
          await db().execute(
            sql`select ${LEAD_COLUMNS} from leads where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        ).map((r) => [Number(r.id), r])
      : [],
  );
  return planAgainst(read.records, existing);
}

function planAgainst(records: Array<Record<string, string>>, existing: Map<number, LeadRow>): ImportPlan {
  const plan: ImportPlan = { rows: records.length, creates: [], updates: [], unchanged: 0, errors: [] };
  const seen = new Set<number>();
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const messages: string[] = [];
    const idText = cellOf(record, COLUMNS.id).trim();
    const typeText = cellOf(record, COLUMNS.type);
    let type: PipelineType | null = typeText.trim() ? typeOf(typeText) : null;
    if (typeText.trim() && !type) messages.push(`Tipo desconhecido: "${typeText.trim()}".`);
    let lead: LeadRow | undefined;
    if (idText) {
      if (!/^\d{1,9}$/.test(idText)) messages.push(`ID inválido: "${idText}".`);
      else if (seen.has(Number(idText))) messages.push(`O ID ${idText} aparece mais de uma vez no arquivo.`);
      else {
        seen.add(Number(idText));
        lead = existing.get(Number(idText));
        if (!lead) messages.push(`Nenhum lead com o ID ${idText}.`);
        else if (type && type !== lead.kind)
          messages.push(`O lead ${idText} é do tipo ${pipelineTypeInfo(lead.kind).label}, não ${pipelineTypeInfo(type).label}.`);
        else type = lead.kind;
      }
    } else if (type && type !== "contatos") {
      messages.push(
        `Linhas sem ID criam leads do tipo ${pipelineTypeInfo("contatos").label}; deixe o tipo em branco ou use ${pipelineTypeInfo("contatos").label}.`,
      );
    } else type = "contatos";

    const values = {
      name: orNull(cellOf(record, COLUMNS.name)),
      email: orNull(cellOf(record, COLUMNS.email)),
      phone: orNull(cellOf(record, COLUMNS.phone)),
      company: orNull(cellOf(record, COLUMNS.company)),
    };
    if (values.email && !EMAIL.test(values.email)) messages.push(`E-mail inválido: "${values.email}".`);
    for (const [key, max] of [
      ["name", 200],
      ["email", 254],
      ["phone", 40],
      ["company", 200],
    ] as const) {
      if ((values[key]?.length ?? 0) > max) messages.push(`${FIELD_LABEL[key]} pode ter no máximo ${max} caracteres.`);
    }
    const stageText = cellOf(record, COLUMNS.stage);
    let stage: Stage | null = null;
    if (type) {
      stage = stageText.trim() ? stageOf(stageText, type) : lead ? lead.stage : stagesOf(type)[0]!.value;
      if (!stage) messages.push(`Etapa desconhecida para ${pipelineTypeInfo(type).label}: "${stageText.trim()}".`);
    }
    const followUpOn = dayOf(cellOf(record, COLUMNS.followUpOn));
    if (followUpOn === undefined)
      messages.push(`Data de próximo retorno inválida: "${cellOf(record, COLUMNS.followUpOn).trim()}" (use dd/mm/aaaa).`);
    if (!lead && !idText && !values.name && !values.email) messages.push("Uma linha nova precisa de nome ou e-mail.");

    if (messages.length) {
      plan.errors.push({ line, messages });
      return;
    }
    const next: Record<Editable, string | null> = { ...values, stage, followUpOn: followUpOn ?? null };
    if (!lead) {
      plan.creates.push({ line, values: next });
      return;
    }
    // Compared as the file holds them: null and "" are the same empty cell.
    const current: Record<Editable, string | null> = {
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      stage: lead.stage,
      followUpOn: lead.follow_up_on,
    };
    const asCell = (field: Editable, v: string | null) =>
      field === "stage" ? stageLabel(v ?? "") : field === "followUpOn" ? formatDay(v) : (v ?? "");
    const changes = EDITABLE.filter((f) =>
      f === "stage" || f === "followUpOn" ? !same(current[f], next[f]) : !same(current[f]?.trim() ?? null, next[f]),
    ).map((f) => ({ field: f, label: FIELD_LABEL[f], from: asCell(f, current[f]), to: asCell(f, next[f]) }));
    if (!changes.length) {
      plan.unchanged += 1;
      return;
    }
    if (lead.merged_into_id) {
      plan.errors.push({ line, messages: [`O lead ${lead.id} foi mesclado em outro: altere o lead principal.`] });
      return;
    }
    plan.updates.push({
      line,
      leadId: Number(lead.id),
      type: lead.kind,
      number: Number(lead.number),
      name: lead.name,
      changes,
      before: current,
      after: next,
    });
  });
  return plan;
}

/**
 * Applies the file: plans it again inside one transaction with the rows it updates locked (a
 * change made since the dry run is seen), refuses it whole if any row has an error, and audits.
 */
export async function applyImport(text: string, actor: Actor): Promise<ImportPlan> {
  const read = readFile(text);
  if ("error" in read) return { rows: 0, creates: [], updates: [], unchanged: 0, errors: [], fileError: read.error };
  return db().transaction(async (tx) => {
    const ids = read.records
      .map((r) => cellOf(r, COLUMNS.id).trim())
      .filter((v) => /^\d{1,9}$/.test(v))
      .map(Number);
    const existing = new Map(
      ids.length
        ? rowsOf<LeadRow>(
            await tx.execute(
              sql`select ${LEAD_COLUMNS} from leads where id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}) order by id for update`,
            ),
          ).map((r) => [Number(r.id), r])
        : [],
    );
    const plan = planAgainst(read.records, existing);
    if (plan.errors.length || planIsEmpty(plan)) return plan;
    for (const u of plan.updates) {
      const changed = new Set(u.changes.map((c) => c.field));
      const value = (f: Editable, column: string) => (changed.has(f) ? sql`${u.after[f]}` : sql.raw(column));
      await tx.execute(sql`
        update leads set name = ${value("name", "name")}, email = ${value("email", "email")}, phone = ${value("phone", "phone")},
               company = ${value("company", "company")}, stage = ${value("stage", "stage")},
               follow_up_on = ${changed.has("followUpOn") ? sql`${u.after.followUpOn}::date` : sql.raw("follow_up_on")}, updated_at = now()
         where id = ${u.leadId}`);
      const target = leadAuditTarget(u.type, u.number);
      const audit = (action: string, details: Record<string, unknown>) =>
        recordAudit(
          { actor: actor.username, action, target, details: { ...details, origem: "importacao", line: u.line }, ip: actor.ip },
          tx,
        );
      // Stage and follow-up moves are the rows the lead's history reads (docs/decisions/0129).
      if (changed.has("stage")) await audit("lead.stage", { from: u.before.stage, to: u.after.stage });
      if (changed.has("followUpOn")) await audit("lead.follow_up", { from: u.before.followUpOn, to: u.after.followUpOn });
      // Which contact fields changed, not their values (personal data stays out of the audit log).
      const fields = u.changes.map((c) => c.field).filter((f) => f !== "stage" && f !== "followUpOn");
      if (fields.length) await audit("lead.import.update", { fields });
    }
    for (const c of plan.creates) {
      const lead = await insertLead(tx, "contatos", contactNumbers, {
        name: c.values.name,
        email: c.values.email,
        phone: c.values.phone,
        company: c.values.company,
        stage: c.values.stage as Stage,
        followUpOn: c.values.followUpOn,
      });
      await tx.insert(contactAnswers).values({ leadId: lead.id, message: IMPORTED_MESSAGE });
    }
    await recordAudit(
      {
        actor: actor.username,
        action: "lead.import",
        target: "funil",
        details: { rows: plan.rows, created: plan.creates.length, updated: plan.updates.length, unchanged: plan.unchanged },
        ip: actor.ip,
      },
      tx,
    );
    return plan;
  });
}
