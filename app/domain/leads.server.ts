/**
 * Lead capture: every public form stores its row and queues the team's notification e-mail in
 * ONE transaction (the lead exists exactly when its notification does). The transaction, the
 * honeypot, the rate limit and validation belong to app/domain/lead-submissions.server.ts, which
 * calls the store functions here. Also the admin side: lists, search, counts, status changes and
 * CSV export.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import type { Transaction } from "~/infra/idempotency.server";
import type { SubmissionMeta } from "./lead-submissions.server";
import {
  businessOptimizations,
  careerApplications,
  consentRecords,
  consultations,
  contacts,
  newsletterSubscribers,
} from "~/db/schema";
import { toCsv } from "~/infra/csv.server";
import { formatDateTime } from "~/lib/dates";
import { LEAD_TYPE_INFO, subscriptionStatusLabel, type LeadType } from "~/lib/lead-types";
import { CONSENT_PURPOSES, PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import {
  BUSINESS_OPTIMIZATION_CHOICES,
  BUSINESS_OPTIMIZATION_LABELS,
  choiceLabel,
  consultationStatusLabel,
  type BusinessOptimizationField,
  type BusinessOptimizationInput,
  type CareerApplicationInput,
  type ConsultationInput,
  type ConsultationStatus,
  type ContactInput,
  type NewsletterInput,
} from "~/lib/schemas/leads";
import { sessionSecret } from "./auth.server";
import { enqueueEmail } from "~/infra/outbox.server";

// ---------------------------------------------------------------- storing each lead
const orNull = (value: string | undefined | null) => (value ? value : null);
/** Subjects are single-line: a newline in a visitor's name must not reach a mail header. */
const oneLine = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").slice(0, 150);
const adminLink = (path: string) => `${env.SITE_URL}${path}`;

function mailBody(intro: string, fields: Array<[string, string | null | undefined]>, link: string): string {
  const lines = fields.map(([label, value]) => `${label}: ${value ? value : "Não informado"}`);
  return [intro, "", ...lines, "", `Ver no painel: ${link}`].join("\n");
}

async function recordConsent(
  executor: Executor,
  input: { email: string; purpose: string; source: string; action?: "granted" | "withdrawn" },
  meta: Partial<SubmissionMeta> = {},
) {
  await executor.insert(consentRecords).values({
    email: input.email,
    purpose: input.purpose,
    policyVersion: PRIVACY_POLICY_VERSION,
    source: input.source,
    action: input.action ?? "granted",
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
}

export async function createContact(input: ContactInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const source = input.source || "site";
  const [row] = await tx
    .insert(contacts)
    .values({ name: input.name, company: input.company, email: input.email, phone: orNull(input.phone), message: input.message, ...meta.attribution })
    .returning({ id: contacts.id });
  // The form cannot be sent without accepting the privacy policy (SPEC §5 consent box).
  await recordConsent(tx, { email: input.email, purpose: CONSENT_PURPOSES.contactPolicy, source: `contato:${source}` }, meta);
  await enqueueEmail(tx, {
    kind: "lead.contact",
    subject: oneLine(`Novo contato pelo site: ${input.name} (${input.company})`),
    body: mailBody(
      "Uma nova mensagem chegou pelo formulário de contato do site.",
      [
        ["Nome", input.name],
        ["Empresa", input.company],
        ["Email", input.email],
        ["Telefone", input.phone],
        ["Página", source],
        ["Mensagem", input.message],
      ],
      adminLink(`/admin/leads/contatos/${row.id}`),
    ),
  });
  return row;
}

export async function createConsultation(input: ConsultationInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const [row] = await tx
    .insert(consultations)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      industryArea: input.industryArea,
      source: orNull(input.source),
      ...meta.attribution,
    })
    .returning({ id: consultations.id });
  await enqueueEmail(tx, {
    kind: "lead.consultation",
    subject: oneLine(`Nova solicitação de consultoria: ${input.name} (${input.company})`),
    body: mailBody(
      "Uma nova solicitação de consultoria chegou pelo site.",
      [
        ["Nome", input.name],
        ["Empresa", input.company],
        ["Email", input.email],
        ["Telefone", input.phone],
        ["Área de atuação", input.industryArea],
        ["Botão de origem", input.source],
      ],
      adminLink(`/admin/leads/consultas/${row.id}`),
    ),
  });
  return row;
}

export async function createCareerApplication(input: CareerApplicationInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const [row] = await tx
    .insert(careerApplications)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      position: input.position,
      experience: input.experience,
      motivation: input.motivation,
      linkedinUrl: orNull(input.linkedinUrl),
      portfolioUrl: orNull(input.portfolioUrl),
      ...meta.attribution,
    })
    .returning({ id: careerApplications.id });
  await enqueueEmail(tx, {
    kind: "lead.application",
    subject: oneLine(`Nova candidatura: ${input.name} para ${input.position}`),
    body: mailBody(
      "Uma nova candidatura chegou pela página Carreiras.",
      [
        ["Nome", input.name],
        ["Vaga", input.position],
        ["Email", input.email],
        ["Telefone", input.phone],
        ["LinkedIn", input.linkedinUrl],
        ["Portfólio", input.portfolioUrl],
        ["Experiência", input.experience],
        ["Motivação", input.motivation],
      ],
      adminLink(`/admin/leads/candidaturas/${row.id}`),
    ),
  });
  return row;
}

export async function createBusinessOptimization(input: BusinessOptimizationInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const fields = Object.keys(BUSINESS_OPTIMIZATION_LABELS) as BusinessOptimizationField[];
  const values = Object.fromEntries(fields.map((f) => [f, orNull(input[f] as string)])) as Record<BusinessOptimizationField, string | null>;
  const [row] = await tx.insert(businessOptimizations).values({ ...values, ...meta.attribution }).returning({ id: businessOptimizations.id });
  await enqueueEmail(tx, {
    kind: "lead.questionnaire",
    subject: oneLine(`Novo formulário de otimização: ${input.companyName} (${input.contactName})`),
    body: mailBody(
      "Um novo formulário de otimização de negócios foi enviado pelo site.",
      fields.map((f) => {
        const choices = BUSINESS_OPTIMIZATION_CHOICES[f];
        return [BUSINESS_OPTIMIZATION_LABELS[f], choices ? choiceLabel(choices, values[f]) : values[f]];
      }),
      adminLink(`/admin/business-optimizations`),
    ),
  });
  return row;
}

// ---------------------------------------------------------------- newsletter (LGPD: double opt-in, consent + withdrawal)
/** "jo***@empresa.com.br": enough to recognise, not enough to leak an address from a link. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split("@");
  return `${user.slice(0, 2)}${"*".repeat(Math.max(1, Math.min(user.length - 2, 6)))}@${domain}`;
}

export function unsubscribeUrl(token: string): string {
  return `${env.SITE_URL}/descadastrar?token=${encodeURIComponent(token)}`;
}

/** A confirmation link works this long after it was sent. */
const CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** At most one confirmation e-mail per address in this window, however often it is typed in. */
const CONFIRMATION_RESEND_SECONDS = 10 * 60;

async function confirmationKey(executor: Executor): Promise<Buffer> {
  return Buffer.from(hkdfSync("sha256", await sessionSecret(executor), "", "newsletter-confirmation", 32));
}

/**
 * The link's token: subscriber id and issue time, signed together with the address (so a link
 * dies if the address is corrected or erased). No personal data in the URL.
 */
async function confirmationToken(id: number, email: string, issuedAt: number, executor: Executor): Promise<string> {
  const mac = createHmac("sha256", await confirmationKey(executor)).update(`${id}.${issuedAt}.${email}`).digest("base64url");
  return `${id}.${issuedAt}.${mac}`;
}

async function confirmationUrl(id: number, email: string, executor: Executor): Promise<string> {
  const token = await confirmationToken(id, email, Math.floor(Date.now() / 1000), executor);
  return `${env.SITE_URL}/newsletter/confirmar?token=${encodeURIComponent(token)}`;
}

/** The subscriber a confirmation token names, if its signature and age are right. */
async function subscriberForToken(token: string, executor: Executor = db()) {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, issuedAt] = match;
  if (Date.now() / 1000 - Number(issuedAt) > CONFIRMATION_TTL_SECONDS) return null;
  const [row] = await executor.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, Number(id)));
  if (!row) return null;
  const expected = Buffer.from(await confirmationToken(row.id, row.email, Number(issuedAt), executor));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

/**
 * A subscription request. Whatever the address's state (new, waiting, subscribed or unsubscribed)
 * the caller answers the same, so the form tells no one who is subscribed. Nothing is counted
 * yet: a confirmation e-mail with a signed link is queued (unless one went out a few minutes ago,
 * or the address is already subscribed), and only the click records consent
 * (`confirmNewsletter`). An unsubscribed address stays unsubscribed until that click.
 */
export async function subscribeNewsletter(input: NewsletterInput, meta: SubmissionMeta, tx: Transaction): Promise<Record<string, never>> {
  const email = input.email.toLowerCase();
  const source = input.source || "rodape";
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values({ email, source, status: "pending", unsubscribeToken: randomBytes(24).toString("base64url"), ...meta.attribution })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update");
  if (!inserted && row.status === "active") return {};
  const recent = row.confirmationSentAt && Date.now() - row.confirmationSentAt.getTime() < CONFIRMATION_RESEND_SECONDS * 1000;
  if (recent) return {};
  await tx
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: sql`now()`, ...(row.status === "pending" ? { source } : {}), updatedAt: sql`now()` })
    .where(eq(newsletterSubscribers.id, row.id));
  await enqueueEmail(tx, {
    kind: "newsletter.confirmation",
    recipient: email,
    subject: "Confirme sua inscrição na newsletter da Agile IA",
    body: [
      "Olá!",
      "",
      "Recebemos um pedido para inscrever este e-mail na newsletter da Agile IA, com novidades sobre IA e atualizações da empresa.",
      "",
      `Para confirmar, abra o link abaixo e clique em “Confirmar inscrição” (vale por 7 dias):`,
      await confirmationUrl(row.id, email, tx),
      "",
      "Se não foi você, ignore este e-mail: sem a confirmação, não enviaremos nada.",
      "",
      `Política de privacidade: ${env.SITE_URL}/privacidade (versão ${PRIVACY_POLICY_VERSION}).`,
    ].join("\n"),
  });
  return {};
}

export type NewsletterConfirmation = { email: string; unsubscribeToken: string; alreadyConfirmed: boolean };

/** The address a confirmation link is for (shown masked before the click), or null. */
export async function findSubscriberByConfirmationToken(token: string) {
  if (!token || token.length > 120) return null;
  return subscriberForToken(token);
}

/**
 * The click on the confirmation link: the consent (with this request's address and browser) is
 * recorded and the address becomes a subscriber, counted and notified to the team.
 */
export async function confirmNewsletter(token: string, meta: SubmissionMeta): Promise<NewsletterConfirmation | null> {
  if (!token || token.length > 120) return null;
  return db().transaction(async (tx) => {
    const found = await subscriberForToken(token, tx);
    if (!found) return null;
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, found.id)).for("update");
    if (row.status === "active") return { email: row.email, unsubscribeToken: row.unsubscribeToken, alreadyConfirmed: true };
    await tx
      .update(newsletterSubscribers)
      .set({ status: "active", consentedAt: sql`now()`, unsubscribedAt: null, policyVersion: PRIVACY_POLICY_VERSION, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, row.id));
    const source = row.source || "rodape";
    await recordConsent(tx, { email: row.email, purpose: CONSENT_PURPOSES.newsletter, source: `newsletter:${source}` }, meta);
    await enqueueEmail(tx, {
      kind: "lead.newsletter",
      subject: oneLine(`Nova inscrição na newsletter: ${row.email}`),
      body: mailBody("Uma inscrição na newsletter foi confirmada pelo link enviado por e-mail.", [["Email", row.email], ["Origem", source]], adminLink(`/admin/leads/newsletter/${row.id}`)),
    });
    return { email: row.email, unsubscribeToken: row.unsubscribeToken, alreadyConfirmed: false };
  });
}

export async function findSubscriberByToken(token: string) {
  if (!token || token.length > 100) return null;
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row ?? null;
}

/** Withdraws consent (LGPD Art. 8 §5): marks the subscriber and records the withdrawal. */
export async function unsubscribeNewsletter(token: string, meta: SubmissionMeta): Promise<{ email: string } | null> {
  if (!token || token.length > 100) return null;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .for("update");
    if (!row) return null;
    if (row.status !== "unsubscribed") {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.id, row.id));
      await recordConsent(tx, { email: row.email, purpose: CONSENT_PURPOSES.newsletter, source: "descadastro", action: "withdrawn" }, meta);
    }
    return { email: row.email };
  });
}

// ---------------------------------------------------------------- admin: lists, search, counts
type AnyRow = Record<string, unknown>;

interface TableSpec {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  search: PgColumn[];
  /** Rows the admin sees at all (lists, details, CSV). */
  scope?: SQL;
}

const TABLES: Record<LeadType, TableSpec> = {
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
  const [{ value: total }] = await db().select({ value: count() }).from(spec.table).where(where);
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
  const [row] = (await db().select().from(spec.table).where(and(eq(spec.id, id), spec.scope))) as AnyRow[];
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

export async function listBusinessOptimizations(limit = 200) {
  const rows = await db()
    .select()
    .from(businessOptimizations)
    .orderBy(desc(businessOptimizations.createdAt), desc(businessOptimizations.id))
    .limit(limit);
  const [{ value: total }] = await db().select({ value: count() }).from(businessOptimizations);
  return { rows, total };
}

export async function dashboardSummary() {
  const database = db();
  const countOf = async (table: PgTable, where?: SQL) => (await database.select({ value: count() }).from(table).where(where))[0].value;
  const [contactCount, consultationCount, optimizationCount, applicationCount, subscriberCount, recentContacts, recentConsultations] =
    await Promise.all([
      countOf(contacts),
      countOf(consultations),
      countOf(businessOptimizations),
      countOf(careerApplications),
      countOf(newsletterSubscribers, eq(newsletterSubscribers.status, "active")),
      database.select().from(contacts).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(3),
      database.select().from(consultations).orderBy(desc(consultations.createdAt), desc(consultations.id)).limit(3),
    ]);
  return { contactCount, consultationCount, optimizationCount, applicationCount, subscriberCount, recentContacts, recentConsultations };
}

export async function updateConsultationStatus(id: number, status: ConsultationStatus): Promise<{ id: number; status: string; previous: string } | null> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select({ status: consultations.status }).from(consultations).where(eq(consultations.id, id)).for("update");
    if (!current) return null;
    await tx.update(consultations).set({ status }).where(eq(consultations.id, id));
    return { id, status, previous: current.status };
  });
}

// ---------------------------------------------------------------- CSV export
/** A lead value as people read it (dates in Brasília time, status labels); toCsv guards formulas. */
function csvCell(type: LeadType, key: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDateTime(value);
  const text = String(value);
  if (key === "status") return type === "newsletter" ? subscriptionStatusLabel(text) : consultationStatusLabel(text);
  return text;
}

/** UTF-8 with BOM and ';' separators, as Excel in pt-BR opens it (accents and columns intact). */
export async function exportLeadsCsv(type: LeadType, q?: string): Promise<{ csv: string; count: number }> {
  const { rows } = await listLeads(type, { q, pageSize: 100_000 });
  const fields = LEAD_TYPE_INFO[type].fields;
  const extra = type === "newsletter" ? [{ key: "unsubscribeUrl", label: "Link de descadastro" }] : [];
  const columns = [...fields, ...extra];
  const records = rows.map((row) =>
    columns.map((f) => (f.key === "unsubscribeUrl" ? unsubscribeUrl(String(row.unsubscribeToken)) : csvCell(type, f.key, row[f.key]))),
  );
  const header = columns.map((f) => f.label);
  const csv = toCsv([header, ...records]);
  return { csv, count: rows.length };
}

export function csvFileName(type: LeadType): string {
  return `${type}-${new Date().toISOString().slice(0, 10)}.csv`;
}
