/**
 * Leads written straight to the database, as the forms would store them (docs/decisions/0135):
 * the common columns in `leads`, the form's own in its answers table, numbered by the form's
 * sequence (docs/decisions/0140). For tests that need leads with given dates, stages or visits.
 */
import { and, desc, eq, getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type * as Schema from "~/db/schema";
import { FORM_TABLES } from "~/forms/tables.server";
import { CONSULTATION_STATUS_OF_STAGE, firstStage, STAGE_OF_CONSULTATION_STATUS, type PipelineType } from "~/lib/pipeline";
import type { AnyPgColumn, PgSequence, PgTable } from "drizzle-orm/pg-core";

/** The forms with an answers table, by the name their old table had in the tests. */
export const LEAD_FORMS = {
  contacts: { kind: "contatos", answers: "contactAnswers", numbers: "contactNumbers" },
  consultations: { kind: "consultas", answers: "consultationAnswers", numbers: "consultationNumbers" },
  businessOptimizations: { kind: "questionarios", answers: "questionnaireAnswers", numbers: "questionnaireNumbers" },
  careerApplications: { kind: "candidaturas", answers: "applicationAnswers", numbers: "applicationNumbers" },
} as const satisfies Record<string, { kind: PipelineType; answers: string; numbers: string }>;
export type LeadForm = keyof typeof LEAD_FORMS;

/** A form's answers table and numbers sequence, from its folder (app/forms/{form}/table.ts). */
const answersOf = (form: LeadForm) => FORM_TABLES[LEAD_FORMS[form].answers] as PgTable & { leadId: AnyPgColumn };
const numbersOf = (form: LeadForm) => FORM_TABLES[LEAD_FORMS[form].numbers] as PgSequence;

/** A questionnaire's person and company are the lead's name and company. */
const RENAMED: Record<string, string> = { contactName: "name", companyName: "company" };

/**
 * Stores one lead of `form` with `values` in its old table's shape (a consultation's `status` is
 * its stage); answers with its number as `id` and its row in `leads` as `leadId`.
 */
export async function insertLead<T extends Record<string, unknown>>(
  db: unknown,
  schema: typeof Schema,
  form: LeadForm,
  values: T,
): Promise<T & { id: number; leadId: number }> {
  const database = db as {
    insert: (t: unknown) => { values: (v: unknown) => { returning: () => Promise<Array<{ id: number; number: number }>> } };
  };
  const { kind } = LEAD_FORMS[form];
  const answersTable = answersOf(form);
  const answerKeys = new Set(Object.keys(getTableColumns(answersTable)));
  const common: Record<string, unknown> = {};
  const answers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === "status" && form === "consultations")
      common.stage = STAGE_OF_CONSULTATION_STATUS[value as keyof typeof STAGE_OF_CONSULTATION_STATUS];
    else if (answerKeys.has(key) && key !== "leadId") answers[key] = value;
    else common[RENAMED[key] ?? key] = value;
  }
  const stage = common.stage ?? firstStage(kind);
  const [lead] = await database
    .insert(schema.leads)
    .values({ ...common, stage, kind, number: sql`nextval(${numbersOf(form).seqName}::regclass)` })
    .returning();
  await (db as { insert: (t: unknown) => { values: (v: unknown) => Promise<unknown> } })
    .insert(answersTable)
    .values({ ...answers, leadId: lead!.id });
  return { ...values, id: lead!.number, leadId: lead!.id };
}

/** The row of `leads` of a lead by its kind and number (its id in SPEC §7's answers and the admin's addresses). */
export const leadWhere = (schema: typeof Schema, kind: PipelineType, number: number) =>
  and(eq(schema.leads.kind, kind), eq(schema.leads.number, number));

/**
 * The lead a meeting booked by someone new makes (docs/decisions/0082, 0140): numbered by the
 * booking's id, taken here. Insert the booking with `id` and `leadId`.
 */
export async function meetingLead(
  db: unknown,
  schema: typeof Schema,
  person: { name: string; email: string; phone: string; company: string },
): Promise<{ id: number; leadId: number }> {
  const database = db as { execute: (q: unknown) => Promise<unknown> };
  const result = (await database.execute(sql`select nextval(pg_get_serial_sequence('bookings', 'id'))::int as id`)) as {
    rows: Array<{ id: number }>;
  };
  const id = Number(result.rows[0]!.id);
  const inserted = (await database.execute(
    sql`insert into ${schema.leads} (kind, number, name, email, phone, company, stage)
        values ('reunioes', ${id}, ${person.name}, ${person.email}, ${person.phone}, ${person.company}, 'novo') returning id`,
  )) as { rows: Array<{ id: number }> };
  return { id, leadId: Number(inserted.rows[0]!.id) };
}

/**
 * A stored lead of `form` in its old table's shape: the lead's columns and its answers, `id` its
 * number, a questionnaire's `companyName`/`contactName`, a consultation's `status` (its stage).
 */
export async function storedLead(
  db: unknown,
  schema: typeof Schema,
  form: LeadForm,
  where: SQL | number,
): Promise<Record<string, unknown> | undefined> {
  const { kind } = LEAD_FORMS[form];
  const table = answersOf(form);
  const condition = typeof where === "number" ? leadWhere(schema, kind, where) : and(eq(schema.leads.kind, kind), where);
  const database = db as typeof import("~/db/client.server").db extends () => infer D ? D : never;
  const [row] = await database
    .select()
    .from(schema.leads)
    .innerJoin(table, eq(table.leadId, schema.leads.id))
    .where(condition)
    .orderBy(desc(schema.leads.id))
    .limit(1);
  if (!row) return undefined;
  const lead = row.leads!;
  const own = (row as Record<string, Record<string, unknown>>)[getTableName(table)]!;
  return {
    ...lead,
    ...own,
    id: lead.number,
    leadId: lead.id,
    companyName: lead.company,
    contactName: lead.name,
    status: CONSULTATION_STATUS_OF_STAGE[lead.stage as keyof typeof CONSULTATION_STATUS_OF_STAGE],
  };
}

/** Makes a chat session that holds a contact the `conversas` lead it is once the contact is left (numbered by the session). */
export async function conversationLead(db: unknown, schema: typeof Schema, sessionId: number): Promise<number> {
  const database = db as { execute: (q: unknown) => Promise<unknown> };
  const result = (await database.execute(
    sql`with lead as (
          insert into ${schema.leads} (kind, number, email, phone, company, stage, verified, created_at)
          select 'conversas', s.id, s.email, s.phone, s.company, 'novo', s.verified, s.created_at from ${schema.chatSessions} s where s.id = ${sessionId}
          returning id)
        update ${schema.chatSessions} set lead_id = (select id from lead) where id = ${sessionId} returning lead_id`,
  )) as { rows: Array<{ lead_id: number }> };
  return Number(result.rows[0]!.lead_id);
}
