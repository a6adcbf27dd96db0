/** The admin's side of the leads: lists, search, one lead, counts for the dashboard, consultation status. */
import { and, count, desc, eq, getTableColumns, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { consentRecords, leads, newsletterSubscribers } from "~/db/schema";
import { applicationAnswers } from "~/forms/careers/table";
import { consultationAnswers } from "~/forms/consultation/table";
import { contactAnswers } from "~/forms/contact/table";
import { questionnaireAnswers } from "~/forms/questionnaire/table";
import { closingOnMove } from "~/lib/deals";
import { first } from "~/lib/first";
import { type ConsultationStatus } from "~/lib/lead-fields";
import { type LeadType } from "~/lib/lead-types";
import { CONSULTATION_STATUS_OF_STAGE, STAGE_OF_CONSULTATION_STATUS, type SalesStage } from "~/lib/pipeline";
import { pageNumber } from "~/lib/schemas/form-fields";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type AnyRow = Record<string, unknown>;
type Columns = Record<string, PgColumn | SQL.Aliased>;

/** The visit a lead came from and whether it proved its form (docs/decisions/0042, 0106), as every lead row shows them. */
const visitColumns = () => ({
  landingPath: leads.landingPath,
  referrerHost: leads.referrerHost,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  visitCounted: leads.visitCounted,
  verified: leads.verified,
  createdAt: leads.createdAt,
});

/** A consultation's status, which is its lead's stage (docs/decisions/0088), as SPEC §3 names it. */
const consultationStatus = sql<string>`case ${leads.stage} ${sql.raw(
  Object.entries(CONSULTATION_STATUS_OF_STAGE)
    .map(([stage, status]) => `when '${stage}' then '${status}'`)
    .join(" "),
)} end`.as("status");

interface TableSpec {
  table: PgTable;
  /** The form's answers table, joined 1:1 by `lead_id` (docs/decisions/0135); none for the newsletter. */
  answers?: PgTable & { leadId: PgColumn };
  /** The row as the admin lists, shows and exports it, and SPEC §7 answers it: the keys in that order. */
  columns: () => Columns;
  /** Newest first. */
  order: () => SQL[];
  search: () => Array<PgColumn | SQL>;
  /** Rows the admin sees at all (lists, details, CSV); `id` is their id in the addresses. */
  scope: SQL | undefined;
  id: PgColumn;
}

/** A form's leads: its rows of `leads` with its answers; `id` is the lead's number (docs/decisions/0140). */
const formLeads = (
  kind: LeadType,
  answers: TableSpec["answers"],
  columns: () => Columns,
  search: () => Array<PgColumn | SQL>,
): TableSpec => ({
  table: leads,
  answers,
  columns,
  order: () => [desc(leads.createdAt), desc(leads.number)],
  search,
  scope: eq(leads.kind, kind),
  id: leads.number,
});

export const TABLES: Record<LeadType, TableSpec> = {
  contatos: formLeads(
    "contatos",
    contactAnswers,
    () => ({
      id: leads.number,
      name: leads.name,
      company: leads.company,
      email: leads.email,
      phone: leads.phone,
      message: contactAnswers.message,
      ...visitColumns(),
    }),
    () => [leads.name, leads.company, leads.email, leads.phone, contactAnswers.message],
  ),
  consultas: formLeads(
    "consultas",
    consultationAnswers,
    () => ({
      id: leads.number,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      company: leads.company,
      industryArea: consultationAnswers.industryArea,
      status: consultationStatus,
      source: consultationAnswers.source,
      ...visitColumns(),
    }),
    () => [leads.name, leads.company, leads.email, leads.phone, consultationAnswers.industryArea],
  ),
  candidaturas: formLeads(
    "candidaturas",
    applicationAnswers,
    () => ({
      id: leads.number,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      position: applicationAnswers.position,
      experience: applicationAnswers.experience,
      motivation: applicationAnswers.motivation,
      linkedinUrl: applicationAnswers.linkedinUrl,
      portfolioUrl: applicationAnswers.portfolioUrl,
      ...visitColumns(),
    }),
    () => [leads.name, leads.email, leads.phone, applicationAnswers.position],
  ),
  newsletter: {
    table: newsletterSubscribers,
    columns: () => getTableColumns(newsletterSubscribers),
    order: () => [desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)],
    search: () => [newsletterSubscribers.email, newsletterSubscribers.source],
    // An address whose link was never clicked is not a subscriber (double opt-in).
    scope: ne(newsletterSubscribers.status, "pending"),
    id: newsletterSubscribers.id,
  },
};

/** The questionnaire's row, as its list and SPEC §7 answer it (its old table's columns, in order). */
const questionnaireColumns = () => {
  const { leadId: _leadId, ...answers } = getTableColumns(questionnaireAnswers);
  return {
    id: leads.number,
    companyName: leads.company,
    contactName: leads.name,
    email: leads.email,
    phone: leads.phone,
    ...answers,
    ...visitColumns(),
  };
};

/** `select <columns> from <its rows>`, ready for a where, an order and a page. */
function selectFrom(spec: TableSpec, columns: Columns | { value: SQL<number> }) {
  const query = db().select(columns).from(spec.table).$dynamic();
  return spec.answers ? query.innerJoin(spec.answers, eq(spec.answers.leadId, leads.id)) : query;
}

/**
 * How many rows a list holds before any search. A form's leads are counted by its answers table,
 * one row per lead (docs/decisions/0135), not by `kind` in `leads` nor through the join: those
 * read every lead of every kind, where the answers table holds only its form's (docs/decisions/0154).
 */
async function countAll(spec: TableSpec): Promise<number> {
  const counted = db().select({ value: count() });
  const [row] = spec.answers ? await counted.from(spec.answers) : await counted.from(spec.table).where(spec.scope);
  return Number(row?.value ?? 0);
}

/** A lead list's search box and page, from the address (docs/decisions/0064). */
export const leadListQuery = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.slice(0, 100)),
  page: pageNumber(),
});

export const ADMIN_PAGE_SIZE = 20;

function searchFilter(spec: TableSpec, q: string | undefined): SQL | undefined {
  const term = q?.trim().slice(0, 100);
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...spec.search().map((column) => ilike(column, pattern)));
}

export async function listLeads(
  type: LeadType,
  options: { q?: string; page?: number; pageSize?: number } = {},
): Promise<{ rows: AnyRow[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const spec = TABLES[type];
  const pageSize = Math.min(Math.max(options.pageSize ?? ADMIN_PAGE_SIZE, 1), 1000);
  const search = searchFilter(spec, options.q);
  const where = and(spec.scope, search);
  const total = search ? Number((await selectFrom(spec, { value: count() }).where(where).then(first)).value) : await countAll(spec);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows = (await selectFrom(spec, spec.columns())
    .where(where)
    .orderBy(...spec.order())
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as AnyRow[];
  return { rows, total, page, pageCount, pageSize };
}

export async function getLead(type: LeadType, id: number): Promise<AnyRow | null> {
  const spec = TABLES[type];
  const [row] = (await selectFrom(spec, spec.columns()).where(and(eq(spec.id, id), spec.scope))) as AnyRow[];
  return row ?? null;
}

export async function consentHistory(email: string) {
  return db()
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.email, email))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(50);
}

/** Every row of one kind, newest first (the spec's admin APIs answer plain lists). */
export async function allLeads(type: "contatos" | "consultas", limit = 1000): Promise<AnyRow[]> {
  return (await listLeads(type, { pageSize: limit })).rows;
}

export const QUESTIONNAIRES_PAGE_SIZE = 20;

/**
 * What identifies the questionnaire list's state: how many there are and the newest id (rows are
 * never edited; one deleted changes the count). The poll answers 304 while it is the same.
 */
export async function businessOptimizationsVersion(): Promise<string> {
  const { n, newest } = await db()
    .select({ n: count(), newest: sql<number | null>`max(${leads.number})` })
    .from(leads)
    .where(QUESTIONNAIRES)
    .then(first);
  return `${n}-${newest ?? 0}`;
}

const QUESTIONNAIRES = eq(leads.kind, "questionarios");

/** One questionnaire by its number, as its list shows it. */
export async function getQuestionnaire(number: number) {
  const [row] = await db()
    .select(questionnaireColumns())
    .from(leads)
    .innerJoin(questionnaireAnswers, eq(questionnaireAnswers.leadId, leads.id))
    .where(and(QUESTIONNAIRES, eq(leads.number, number)));
  return row ?? null;
}

/** One page of questionnaires, newest first (leads_kind_idx), with the total. */
export async function listBusinessOptimizations(page = 1, pageSize = QUESTIONNAIRES_PAGE_SIZE) {
  // Counted by its answers table, as the lists are (countAll, docs/decisions/0154).
  const { value: total } = await db().select({ value: count() }).from(questionnaireAnswers).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(page, 1), pageCount);
  const rows = await db()
    .select(questionnaireColumns())
    .from(leads)
    .innerJoin(questionnaireAnswers, eq(questionnaireAnswers.leadId, leads.id))
    .where(QUESTIONNAIRES)
    .orderBy(desc(leads.createdAt), desc(leads.number))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount };
}

/**
 * Sign-ups whose confirmation link was not clicked yet: shown apart from the subscribers (they
 * are not subscribers, and never exported), newest first.
 */
export async function pendingSubscribers(limit = 50) {
  const pending = eq(newsletterSubscribers.status, "pending");
  const [rows, { value: total }] = await Promise.all([
    db()
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(pending)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit),
    db().select({ value: count() }).from(newsletterSubscribers).where(pending).then(first),
  ]);
  return { rows, total };
}

export async function dashboardSummary() {
  const database = db();
  const countOf = async (table: PgTable, where?: SQL) =>
    (await database.select({ value: count() }).from(table).where(where).then(first)).value;
  const recent = async (type: "contatos" | "consultas") =>
    (await selectFrom(TABLES[type], TABLES[type].columns())
      .where(TABLES[type].scope)
      .orderBy(...TABLES[type].order())
      .limit(3)) as Array<{ id: number; name: string; company: string; email: string; status: string; createdAt: Date } & AnyRow>;
  const [
    contactCount,
    consultationCount,
    optimizationCount,
    applicationCount,
    subscriberCount,
    pendingSubscriberCount,
    recentContacts,
    recentConsultations,
  ] = await Promise.all([
    // Each form's leads by its answers table (countAll, docs/decisions/0154).
    countOf(contactAnswers),
    countOf(consultationAnswers),
    countOf(questionnaireAnswers),
    countOf(applicationAnswers),
    countOf(newsletterSubscribers, eq(newsletterSubscribers.status, "active")),
    countOf(newsletterSubscribers, eq(newsletterSubscribers.status, "pending")),
    recent("contatos"),
    recent("consultas"),
  ]);
  return {
    contactCount,
    consultationCount,
    optimizationCount,
    applicationCount,
    subscriberCount,
    pendingSubscriberCount,
    recentContacts,
    recentConsultations,
  };
}

/** PATCH /api/consultations/:id: the status is the lead's stage (docs/decisions/0088), written there. */
export async function updateConsultationStatus(
  id: number,
  status: ConsultationStatus,
): Promise<{ id: number; status: string; previous: string } | null> {
  return db().transaction(async (tx) => {
    const where = and(eq(leads.kind, "consultas"), eq(leads.number, id));
    const [current] = await tx.select({ stage: leads.stage }).from(leads).where(where).for("update");
    if (!current) return null;
    const stage = STAGE_OF_CONSULTATION_STATUS[status];
    // The deal's closing follows the stage (docs/decisions/0142); SPEC §7's `{ status }` carries no
    // reason of a loss, so a loss through the API has none (the admin's forms require one).
    const closedAt = closingOnMove(current.stage, stage);
    await tx
      .update(leads)
      .set({
        stage,
        ...(closedAt === undefined ? {} : { closedAt }),
        ...(stage === "perdido" ? {} : { lostReason: null }),
        updatedAt: sql`now()`,
      })
      .where(where);
    const previous = CONSULTATION_STATUS_OF_STAGE[current.stage as SalesStage] ?? current.stage;
    return { id, status, previous };
  });
}
