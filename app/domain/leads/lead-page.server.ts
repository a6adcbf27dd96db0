/**
 * One lead, everything the admin needs on one page (docs/decisions/0129-one-page-per-lead.md):
 * its stage (the pipeline's, app/domain/pipeline.server.ts), everything the visitor sent, the
 * person's meetings, orders and chat conversations found by the same whole e-mail address, and one
 * history in time order of stage moves, follow-ups, notes and the e-mails sent to the person.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, bookings, chatMessages, chatSessions, leads, orders, outbox } from "~/db/schema";
import { attributionOf } from "~/domain/analytics/attribution.server";
import { cvSummary } from "~/forms/careers/cv.server";
import chatAdmin from "~/forms/chat/admin";
import { leadFormsData } from "~/forms/index.server";
import questionnaireAdmin, { answerText } from "~/forms/questionnaire/admin";
import { bookingStatusLabel, placeText, readAnswers } from "~/lib/booking";
import { formatDateTime } from "~/lib/dates";
import { dealMessages, formatBRL } from "~/lib/deals";
import { duplicateMessages } from "~/lib/lead-duplicates";
import { taskKindLabel } from "~/lib/lead-tasks";
import { LEAD_TYPE_INFO, type LeadField } from "~/lib/lead-types";
import { formatDay, pipelineMessages, pipelineTypeInfo, STAGE_OF_CONSULTATION_STATUS, stageLabel, type PipelineType } from "~/lib/pipeline";
import { getPipelineLead, leadAuditTarget } from "../pipeline.server";
import { consentHistory, getLead, getQuestionnaire } from "./admin.server";
import { duplicatesOf, mergedSummary } from "./duplicates.server";
import { tasksOfLead } from "./tasks.server";

type AnyRow = Record<string, unknown>;

/** One thing the visitor sent, as the page shows it (`LeadValue` draws it by its kind). */
export interface SentField {
  field: LeadField;
  value: unknown;
}

/** One line of the lead's history. */
export interface HistoryEntry {
  kind: "stage" | "won" | "lost" | "deal" | "task" | "follow-up" | "note" | "email" | "merge";
  /** ISO instant. */
  at: string;
  /** Who did it (the admin's name), or null for what the site did (an e-mail). */
  actor: string | null;
  text: string;
  /** An e-mail's delivery state (outbox status). */
  status?: string;
}

/** What the visitor sent, in the order of the form they filled in. */
async function sentOf(type: PipelineType, id: number): Promise<{ row: AnyRow; fields: SentField[] } | null> {
  if (type === "contatos" || type === "consultas" || type === "candidaturas") {
    // A branded string could equal them too: the comparison is the check.
    const kind = type as "contatos" | "consultas" | "candidaturas";
    const row = await getLead(kind, id);
    if (!row) return null;
    // The id is in the page's title; a consultation's status is its stage, shown with the controls (docs/decisions/0088).
    const fields = LEAD_TYPE_INFO[kind].fields.filter((f) => f.key !== "id" && f.kind !== "status");
    return { row, fields: fields.map((field) => ({ field, value: row[field.key] })) };
  }
  if (type === "questionarios") {
    const row = await getQuestionnaire(id);
    if (!row) return null;
    const fields = questionnaireAdmin.fields.map((field): SentField => ({
      field,
      value: field.key === "createdAt" ? row.createdAt : answerText(field.key, row[field.key]),
    }));
    return { row, fields };
  }
  if (type === "conversas") {
    const [row] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
    if (!row) return null;
    return { row, fields: chatAdmin.fields.map((field): SentField => ({ field, value: row[field.key] })) };
  }
  if (type !== "reunioes") return sentToForm(type, id);
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  if (!row) return null;
  return {
    row,
    fields: [
      { field: { key: "name", label: "Nome" }, value: row.name },
      { field: { key: "company", label: "Empresa" }, value: row.company },
      { field: { key: "email", label: "E-mail", kind: "email" }, value: row.email },
      { field: { key: "phone", label: "Telefone" }, value: row.phone },
      { field: { key: "startsAt", label: "Reunião", kind: "date" }, value: row.startsAt },
      { field: { key: "place", label: "Local" }, value: placeText(row.placeKind, row.placeDetail) },
      { field: { key: "status", label: "Situação" }, value: bookingStatusLabel(row.status) },
      { field: { key: "message", label: "Mensagem", kind: "long" }, value: row.message },
      // The booking form's questions, each under the question as it was asked (docs/decisions/0145).
      ...readAnswers(row.answers).map((a, i) => ({
        field: { key: `answer${i + 1}`, label: a.question, kind: "long" as const },
        value: a.answer,
      })),
      { field: { key: "createdAt", label: "Agendada em", kind: "date" }, value: row.createdAt },
    ],
  };
}

/** The lead's common fields a form with no fields of its own shows before its answers. */
const COMMON_FIELDS: LeadField[] = [
  { key: "name", label: "Nome" },
  { key: "company", label: "Empresa" },
  { key: "email", label: "E-mail", kind: "email" },
  { key: "phone", label: "Telefone" },
];

/**
 * What was sent to a form whose lead page has no code of its own (a form added as a folder,
 * docs/decisions/0149): the lead's common row with its answers, found through the lead by the
 * tables the form's privacy declaration names (app/forms/{form}/privacy.server.ts), shown as the
 * form's lead type declares (`fields`), or every common field that is set and every answer.
 */
async function sentToForm(type: PipelineType, id: number): Promise<{ row: AnyRow; fields: SentField[] } | null> {
  const [lead] = await db()
    .select()
    .from(leads)
    .where(and(eq(leads.kind, type), eq(leads.number, id)));
  if (!lead) return null;
  const row: AnyRow = { ...lead, id: lead.number };
  const answerKeys: string[] = [];
  for (const table of Object.values(leadFormsData().find((d) => d.kind === type)?.tables ?? {})) {
    const via = "via" in table.find ? table.find.via.leads : undefined;
    if (!via) continue;
    const [answers] = await db().select().from(table.table).where(eq(via, lead.id)).limit(1);
    for (const [key, value] of Object.entries((answers ?? {}) as AnyRow)) {
      if (key === "leadId") continue;
      row[key] = value;
      answerKeys.push(key);
    }
  }
  const declared = pipelineTypeInfo(type).fields;
  const fields = declared ?? [
    ...COMMON_FIELDS.filter((f) => row[f.key] !== null && row[f.key] !== undefined),
    ...answerKeys.map((key): LeadField => ({ key, label: key })),
    { key: "createdAt", label: "Recebida em", kind: "date" },
  ];
  return { row, fields: fields.map((field) => ({ field, value: row[field.key] })) };
}

const RELATED_LIMIT = 20;

/**
 * The answers to the booking form's questions of the meetings this lead booked (docs/decisions/0145):
 * a consultation or a chat contact who then books continues their own lead (decision 82), so the
 * answers are this lead's, not only the meeting's. A meeting's own lead shows its booking's answers
 * among its fields already (`sentOf`). Through `bookings_lead_idx`.
 */
async function meetingAnswersOf(leadId: number, type: PipelineType, id: number) {
  const rows = await db()
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, answers: bookings.answers })
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), isNotNull(bookings.answers)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(RELATED_LIMIT);
  return rows
    .filter((b) => !(type === "reunioes" && b.id === id))
    .map((b) => ({ id: b.id, startsAt: b.startsAt.toISOString(), status: b.status, answers: readAnswers(b.answers) }))
    .filter((b) => b.answers.length > 0);
}

/**
 * The person's meetings, orders and chat conversations: the same whole address, case ignored,
 * never a part of it (DESIGN.md: people are matched by their whole address). Bookings use their
 * `lower(email)` index; orders and chat sessions are read the same way.
 */
async function relatedOf(email: string | null) {
  if (!email) return { bookings: [], orders: [], chats: [] };
  const address = email.trim().toLowerCase();
  const meetings = await db()
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, placeKind: bookings.placeKind })
    .from(bookings)
    .where(eq(sql`lower(${bookings.email})`, address))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(RELATED_LIMIT);
  const bought = await db()
    .select({
      id: orders.id,
      itemName: orders.itemName,
      amountCents: orders.amountCents,
      status: orders.status,
      kind: orders.kind,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(sql`lower(${orders.customerEmail})`, address))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RELATED_LIMIT);
  const sessions = await db()
    .select({ id: chatSessions.id, createdAt: chatSessions.createdAt, offline: chatSessions.offline })
    .from(chatSessions)
    .where(eq(sql`lower(${chatSessions.email})`, address))
    .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
    .limit(RELATED_LIMIT);
  const counted = sessions.length
    ? await db()
        .select({ id: chatMessages.chatSessionId, n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.chatSessionId,
            sessions.map((s) => s.id),
          ),
        )
        .groupBy(chatMessages.chatSessionId)
    : [];
  const messages = new Map(counted.map((c) => [c.id, Number(c.n)]));
  return {
    bookings: meetings.map((b) => ({ ...b, startsAt: b.startsAt.toISOString() })),
    orders: bought.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    chats: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), messages: messages.get(s.id) ?? 0 })),
  };
}

/** A stage as the history names it: a consultation's status (docs/decisions/0088) is read as its stage. */
function stageName(value: unknown): string {
  const text = typeof value === "string" ? value : "";
  return stageLabel(STAGE_OF_CONSULTATION_STATUS[text as keyof typeof STAGE_OF_CONSULTATION_STATUS] ?? text) || "—";
}

const HISTORY_ORDER: Record<HistoryEntry["kind"], number> = {
  stage: 0,
  won: 0,
  lost: 0,
  deal: 1,
  "follow-up": 2,
  note: 3,
  task: 4,
  email: 5,
  merge: 6,
};

/** "R$ 1.000,00 → R$ 2.500,00": one side of a `lead.deal` change, as the deal card writes it. */
function dealChangeText(details: Record<string, { from?: unknown; to?: unknown } | undefined>): string {
  const money = (v: unknown) => (typeof v === "number" ? formatBRL(v) : "sem valor");
  const day = (v: unknown) => (typeof v === "string" && v ? formatDay(v) : "sem data");
  const parts: string[] = [];
  if (details.valueCents) parts.push(`Valor: ${money(details.valueCents.from)} → ${money(details.valueCents.to)}.`);
  if (details.expectedCloseOn)
    parts.push(`Previsão de fechamento: ${day(details.expectedCloseOn.from)} → ${day(details.expectedCloseOn.to)}.`);
  return parts.join(" ") || "Negócio alterado.";
}

/** An audit row of a task of this lead (docs/decisions/0146): added (with its due time), done or reopened. */
function taskText(action: string, details: { title?: unknown; kind?: unknown; dueAt?: unknown }): string {
  const title = typeof details.title === "string" && details.title ? details.title : taskKindLabel(String(details.kind ?? ""));
  if (action === "lead.task.add") {
    const due = typeof details.dueAt === "string" ? ` (prazo: ${formatDateTime(details.dueAt)})` : "";
    return `Tarefa adicionada: ${title}${due}.`;
  }
  return action === "lead.task.done" ? `Tarefa concluída: ${title}.` : `Tarefa reaberta: ${title}.`;
}

/**
 * One history, oldest first: stage moves and follow-up days from the audit log (its rows for this
 * lead since it arrived: the `created_at` index bounds the read), the admin's notes, and the
 * e-mails queued for the person's address since the lead arrived.
 */
async function historyOf(
  type: PipelineType,
  id: number,
  lead: { createdAt: Date; email: string | null },
  notes: Array<{ id: number; author: string; body: string; createdAt: Date }>,
): Promise<HistoryEntry[]> {
  const since = lead.createdAt;
  // A consultation's status changed through the JSON API is the same one state (docs/decisions/0088).
  // The deal's value and close day (docs/decisions/0142) and the tasks (0146) are audit rows too
  // (decision 0152): the history reads them rather than a table of its own.
  const actions = [
    "lead.stage",
    "lead.follow_up",
    "lead.merge",
    "lead.deal",
    "lead.task.add",
    "lead.task.done",
    "lead.task.reopen",
    ...(type === "consultas" ? ["lead.consultation.status"] : []),
  ];
  const audits = await db()
    .select({ action: auditLog.action, actor: auditLog.actor, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(gte(auditLog.createdAt, since), eq(auditLog.target, leadAuditTarget(type, id)), inArray(auditLog.action, actions)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(500);
  const mails = lead.email
    ? await db()
        .select({ subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
        .from(outbox)
        .where(and(gte(outbox.createdAt, since), eq(sql`lower(${outbox.recipient})`, lead.email.trim().toLowerCase())))
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(200)
    : [];
  const entries: HistoryEntry[] = [
    ...audits.map((a): HistoryEntry => {
      const details = (a.details ?? {}) as { from?: unknown; to?: unknown };
      // A duplicate merged into this lead: its own fields as they were (docs/decisions/0147).
      if (a.action === "lead.merge") {
        const merged = (a.details as { merged?: Parameters<typeof mergedSummary>[0] } | null)?.merged;
        return {
          kind: "merge",
          at: a.createdAt.toISOString(),
          actor: a.actor,
          text: duplicateMessages.merged(merged ? mergedSummary(merged) : "—"),
        };
      }
      if (a.action === "lead.deal") {
        return {
          kind: "deal",
          at: a.createdAt.toISOString(),
          actor: a.actor,
          text: dealChangeText((a.details ?? {}) as Record<string, never>),
        };
      }
      if (a.action.startsWith("lead.task.")) {
        return { kind: "task", at: a.createdAt.toISOString(), actor: a.actor, text: taskText(a.action, (a.details ?? {}) as never) };
      }
      if (a.action === "lead.follow_up") {
        const to = typeof details.to === "string" ? formatDay(details.to) : "";
        return {
          kind: "follow-up",
          at: a.createdAt.toISOString(),
          actor: a.actor,
          text: to ? `Próximo retorno marcado para ${to}.` : "Próximo retorno removido.",
        };
      }
      // Won and lost are the deal's end (docs/decisions/0142): their own kind (the page names it), the move as its text.
      const to = STAGE_OF_CONSULTATION_STATUS[details.to as keyof typeof STAGE_OF_CONSULTATION_STATUS] ?? details.to;
      const moved = pipelineMessages.stageChanged(stageName(details.from), stageName(details.to));
      const kind = to === "ganho" ? "won" : to === "perdido" ? "lost" : "stage";
      return { kind, at: a.createdAt.toISOString(), actor: a.actor, text: moved };
    }),
    ...notes.map((n): HistoryEntry => ({ kind: "note", at: n.createdAt.toISOString(), actor: n.author, text: n.body })),
    ...mails.map((m): HistoryEntry => ({
      kind: "email",
      at: (m.sentAt ?? m.createdAt).toISOString(),
      actor: null,
      text: m.subject,
      status: m.status,
    })),
  ];
  // Stable: rows of one transaction keep the order they were written in.
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || HISTORY_ORDER[a.entry.kind] - HISTORY_ORDER[b.entry.kind] || a.index - b.index)
    .map(({ entry }) => entry);
  // A loss's reason is a note written in the move's transaction (same instant, `applyStageMove`):
  // shown on the loss itself, once.
  const reasonPrefix = dealMessages.lostReasonNote("");
  return sorted.filter((entry, i) => {
    const lost = sorted[i - 1];
    if (entry.kind !== "note" || lost?.kind !== "lost" || lost.at !== entry.at || !entry.text.startsWith(reasonPrefix)) return true;
    lost.text = `${lost.text} ${entry.text}`;
    return false;
  });
}

/** Everything the lead's page shows, or null when the lead does not exist. */
export async function leadPage(type: PipelineType, id: number) {
  const found = await getPipelineLead(type, id);
  if (!found) return null;
  const sent = await sentOf(type, id);
  if (!sent) return null;
  const { lead, notes } = found;
  const phone = typeof sent.row.phone === "string" && sent.row.phone.trim() ? sent.row.phone.trim() : null;
  const [related, history, consents, cv] = [
    await relatedOf(lead.email),
    await historyOf(type, id, lead, notes),
    lead.email ? await consentHistory(lead.email) : [],
    type === "candidaturas" ? await cvSummary(id) : null,
  ];
  const row = sent.row;
  return {
    lead,
    phone,
    fields: sent.fields,
    meetingAnswers: await meetingAnswersOf(found.leadId, type, id),
    attribution: { ...attributionOf(row), verified: row.verified },
    consents: consents.map((c) => ({
      id: c.id,
      action: c.action,
      purpose: c.purpose,
      source: c.source,
      policyVersion: c.policyVersion,
      createdAt: c.createdAt.toISOString(),
    })),
    cv,
    notes: notes.length,
    history,
    // The lead's tasks, and the instant "overdue" is measured from (server and browser agree: docs/decisions/0146).
    tasks: await tasksOfLead(found.leadId),
    tasksAsOf: new Date().toISOString(),
    // Possible duplicates, and the merges this lead took part in (docs/decisions/0147).
    duplicates: await duplicatesOf({ leadId: found.leadId, type, email: lead.email }),
    ...related,
  };
}
export type LeadPage = NonNullable<Awaited<ReturnType<typeof leadPage>>>;
