/** The admin's side of the leads: lists, search, one lead, counts for the dashboard, consultation status. */
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { businessOptimizations, careerApplications, consentRecords, consultations, contacts, newsletterSubscribers } from "~/db/schema";
import { first } from "~/lib/first";
import { type ConsultationStatus } from "~/lib/lead-fields";
import { type LeadType } from "~/lib/lead-types";
import { pageNumber } from "~/lib/schemas/form-fields";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type AnyRow = Record<string, unknown>;

interface TableSpec {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  search: PgColumn[];
  /** Rows the admin sees at all (lists, details, CSV). */
  scope?: SQL;
}

export const TABLES: Record<LeadType, TableSpec> = {
  contatos: {
    table: contacts,
    id: contacts.id,
    createdAt: contacts.createdAt,
    search: [contacts.name, contacts.company, contacts.email, contacts.phone, contacts.message],
  },
  consultas: {
    table: consultations,
    id: consultations.id,
    createdAt: consultations.createdAt,
    search: [consultations.name, consultations.company, consultations.email, consultations.phone, consultations.industryArea],
  },
  candidaturas: {
    table: careerApplications,
    id: careerApplications.id,
    createdAt: careerApplications.createdAt,
    search: [careerApplications.name, careerApplications.email, careerApplications.phone, careerApplications.position],
  },
  newsletter: {
    table: newsletterSubscribers,
    id: newsletterSubscribers.id,
    createdAt: newsletterSubscribers.createdAt,
    search: [newsletterSubscribers.email, newsletterSubscribers.source],
    // An address whose link was never clicked is not a subscriber (double opt-in).
    scope: ne(newsletterSubscribers.status, "pending"),
  },
};

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
  return or(...spec.search.map((column) => ilike(column, pattern)));
}

export async function listLeads(
  type: LeadType,
  options: { q?: string; page?: number; pageSize?: number } = {},
): Promise<{ rows: AnyRow[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const spec = TABLES[type];
  const pageSize = Math.min(Math.max(options.pageSize ?? ADMIN_PAGE_SIZE, 1), 1000);
  const where = and(spec.scope, searchFilter(spec, options.q));
  const { value: total } = await db().select({ value: count() }).from(spec.table).where(where).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows = (await db()
    .select()
    .from(spec.table)
    .where(where)
    .orderBy(desc(spec.createdAt), desc(spec.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as AnyRow[];
  return { rows, total, page, pageCount, pageSize };
}

export async function getLead(type: LeadType, id: number): Promise<AnyRow | null> {
  const spec = TABLES[type];
  const [row] = (await db()
    .select()
    .from(spec.table)
    .where(and(eq(spec.id, id), spec.scope))) as AnyRow[];
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
    .select({ n: count(), newest: sql<number | null>`max(${businessOptimizations.id})` })
    .from(businessOptimizations)
    .then(first);
  return `${n}-${newest ?? 0}`;
}

/** One page of questionnaires, newest first (created_at, id: an index), with the total. */
export async function listBusinessOptimizations(page = 1, pageSize = QUESTIONNAIRES_PAGE_SIZE) {
  const { value: total } = await db().select({ value: count() }).from(businessOptimizations).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(page, 1), pageCount);
  const rows = await db()
    .select()
    .from(businessOptimizations)
    .orderBy(desc(businessOptimizations.createdAt), desc(businessOptimizations.id))
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
    countOf(contacts),
    countOf(consultations),
    countOf(businessOptimizations),
    countOf(careerApplications),
    countOf(newsletterSubscribers, eq(newsletterSubscribers.status, "active")),
    countOf(newsletterSubscribers, eq(newsletterSubscribers.status, "pending")),
    database.select().from(contacts).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(3),
    database.select().from(consultations).orderBy(desc(consultations.createdAt), desc(consultations.id)).limit(3),
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

export async function updateConsultationStatus(
  id: number,
  status: ConsultationStatus,
): Promise<{ id: number; status: string; previous: string } | null> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ status: consultations.status }).from(consultations).where(eq(consultations.id, id)).for("update");
    if (!current) return null;
    await tx.update(consultations).set({ status }).where(eq(consultations.id, id));
    return { id, status, previous: current.status };
  });
}
