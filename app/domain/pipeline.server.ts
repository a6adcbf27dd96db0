/**
 * The lead pipeline: one inbox over every sales lead (contacts, consultations, chat conversations
 * with a contact, questionnaires, applications, meetings of their own), each with a stage, a next
 * follow-up day and the admin's notes, all of them rows of `leads` (docs/decisions/0135). Every
 * change is one audit row (never the note's text: the audit log is kept for years and cannot be
 * erased). Decision: docs/decisions/0045-lead-pipeline.md.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { leadNotes, leads } from "~/db/schema";
import { toCsv } from "~/infra/csv.server";
import { formatDateTime } from "~/lib/dates";
import { closingOnMove, dealMessages, LOST_REASON_MAX_LENGTH } from "~/lib/deals";
import { first } from "~/lib/first";
import { nameWords, nameWordsSql } from "~/lib/name-words";
import { DIRECT_ORIGIN, ORIGIN_COLUMNS } from "~/lib/origin";
import {
  brasiliaDay,
  formatDay,
  NOTE_MAX_LENGTH,
  OPEN_STAGES,
  isPipelineType,
  pipelineTypeInfo,
  pipelineMessages,
  stageLabel,
  STAGES,
  stagesOf,
  type PipelineType,
  type Stage,
} from "~/lib/pipeline";
import { recordAudit } from "./audit.server";
import { lockLeadForEdit } from "./leads/edit-lock.server";

// ---------------------------------------------------------------- the leads, as one table
/** `contact:12`: the audit target of a lead's stage, follow-up and note rows (and of a consultation's status); its type declares the name. */
export const leadAuditTarget = (type: PipelineType, id: number): string => `${pipelineTypeInfo(type).audit}:${id}`;

/**
 * The one definition of "a lead" (docs/decisions/0047-one-definition-of-a-lead.md): each row of
 * `leads` (docs/decisions/0135), with the visit it came from. The pipeline, Análises and the
 * dashboard all count these; newsletter sign-ups and paid orders are conversions counted apart.
 */
export const LEADS_WITH_VISIT = sql.raw(
  `(select x.kind as type, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.created_at from leads x)`,
);

/**
 * The visit's source the inbox filters on: the campaign's source, else the site the visitor came
 * from ('' for a direct visit); the very expression of `leads_source_idx`.
 */
const ORIGIN_SQL = "coalesce(l.utm_source, l.referrer_host, '')";

/**
 * What a page of the inbox shows of each lead, `l` being the page's rows of `leads`: the common
 * columns, and the one detail of its kind (a consultation's industry and button, an application's
 * position, a meeting's time), read by primary key for those rows only.
 */
const INBOX_COLUMNS = `l.kind as type, l.number as id, l.name, l.email, l.company,
       case l.kind when 'consultas' then ca.industry_area when 'candidaturas' then aa.position
         when 'reunioes' then case when b.status = 'cancelled' then 'Cancelada: ' else '' end
           || to_char(b.starts_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') end as detail,
       l.created_at, l.stage, l.follow_up_on::text as follow_up_on, ca.source as button,
       l.landing_path, l.referrer_host, l.utm_source, l.utm_medium, l.utm_campaign`;
const INBOX_DETAILS = `left join consultation_answers ca on l.kind = 'consultas' and ca.lead_id = l.id
       left join application_answers aa on l.kind = 'candidaturas' and aa.lead_id = l.id
       left join bookings b on l.kind = 'reunioes' and b.id = l.number`;

/**
 * Every lead's address (trimmed, lower case: compared whole, never as a part) with the lead's
 * stage, as a relation `(email, stage)`: the newsletter's segments by lead stage
 * (docs/decisions/0131). An address with leads at two stages is in both.
 */
export const LEAD_ADDRESS_STAGES = sql.raw(
  `(select distinct lower(btrim(l.email)) as email, l.stage from leads l where l.email is not null)`,
);

export interface InboxLead {
  type: PipelineType;
  id: number;
  name: string | null;
  email: string | null;
  company: string | null;
  /** Consultation: the industry; application: the position. */
  detail: string | null;
  createdAt: Date;
  stage: Stage;
  followUpOn: string | null;
  /** Consultation: the button the visitor pressed. */
  button: string | null;
  /** The visit the lead came from (shown as 'Origem da visita', like the full record). */
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

type RawLead = {
  type: PipelineType;
  id: number | string;
  name: string | null;
  email: string | null;
  company: string | null;
  detail: string | null;
  created_at: Date | string;
  stage: Stage;
  follow_up_on: string | null;
  button: string | null;
  landing_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
};

function toLead(r: RawLead): InboxLead {
  return {
    type: r.type,
    id: Number(r.id),
    name: r.name,
    email: r.email,
    company: r.company,
    detail: r.detail,
    createdAt: new Date(r.created_at),
    stage: r.stage,
    followUpOn: r.follow_up_on,
    button: r.button,
    landingPath: r.landing_path,
    referrerHost: r.referrer_host,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
  };
}

// ---------------------------------------------------------------- filters and search
export const inboxFiltersSchema = z.object({
  // Any registered lead type, known at run time (app/lib/pipeline.ts).
  tipo: z
    .custom<PipelineType>((v) => typeof v === "string" && isPipelineType(v))
    .optional()
    .catch(undefined),
  etapa: z
    .enum(["abertos", ...STAGES.map((s) => s.value)] as [string, ...string[]])
    .optional()
    .catch(undefined),
  retorno: z.literal("vencido").optional().catch(undefined),
  origem: z.string().trim().max(200).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type InboxFilters = z.infer<typeof inboxFiltersSchema>;

/** Query string → filters; unknown values are ignored (a stale bookmark still opens the inbox). */
export function readInboxFilters(params: URLSearchParams): InboxFilters {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  return inboxFiltersSchema.parse(raw);
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A person is found by the whole e-mail address (never a part of it), or by whole words of the
 * name, accents and case ignored: "ana silva" finds "Ana Paula Silva", "ana" never "Mariana".
 */
function searchCondition(q: string): SQL | undefined {
  if (q.includes("@")) return sql`lower(l.email) = ${q.toLowerCase()}`;
  const words = nameWords(q).slice(0, 10);
  if (words.length === 0) return sql`false`;
  // The very expression leads_name_words_idx holds (docs/decisions/0132): the index answers it.
  return sql`${sql.raw(nameWordsSql("l.name"))} @> array[${list(words)}]::text[]`;
}

function whereOf(filters: InboxFilters, today: string): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.tipo) conditions.push(sql`l.kind = ${filters.tipo}`);
  const stage = stageWhere(filters);
  if (stage) conditions.push(stage);
  if (filters.retorno === "vencido") conditions.push(sql`l.follow_up_on <= ${today} and l.stage in (${list(OPEN_STAGES)})`);
  if (filters.origem) conditions.push(sql`${sql.raw(ORIGIN_SQL)} = ${filters.origem === DIRECT_ORIGIN ? "" : filters.origem}`);
  const search = filters.q ? searchCondition(filters.q) : undefined;
  if (search) conditions.push(search);
  return sql.join(conditions, sql` and `);
}

export const INBOX_PAGE_SIZE = 25;
/** The sources offered in the filter come from this many of the newest leads (any older one can still be typed). */
const SOURCES_FROM_NEWEST = 2_000;

/**
 * The leads matching `where`, in `order`, at most `limit` after skipping `offset`: one read of
 * `leads` through the index of its filter and order (docs/decisions/0135), then the page's own
 * details. `matchesFirst` (a search: a person's few leads): the matches are found first, through
 * the search's own index, and only they are sorted. Without it the planner may walk the
 * created_at index hoping to meet `limit` matches soon, and a name it guesses too common (a word
 * missing from its statistics counts as 0.5 % of the rows) had it read every lead for the one
 * that matched (docs/decisions/0132). `offset 0` keeps the planner from merging the two steps.
 */
function inboxSlice(where: SQL, order: SQL, limit: number, offset = 0, options: { matchesFirst?: boolean } = {}): SQL {
  const matching = sql`select * from leads l where ${where}`;
  const rows = options.matchesFirst ? sql`select * from (${matching} offset 0) l` : matching;
  return sql`select ${sql.raw(INBOX_COLUMNS)} from (${rows} order by ${order} limit ${limit} offset ${offset}) l ${sql.raw(INBOX_DETAILS)} order by ${order}`;
}

/**
 * The inbox's counting pass: how many leads each stage holds under every filter but the stage's,
 * from `leads` alone; the query whose plan says whether a filter has an index
 * (tests/integration/pipeline.test.ts reads it; docs/decisions/0132).
 */
export function inboxCountsQuery(filters: InboxFilters, today = brasiliaDay()): SQL {
  return sql`select l.stage, count(*)::int as total from leads l where ${whereOf({ ...filters, etapa: undefined }, today)} group by l.stage`;
}

const stageWhere = (filters: InboxFilters): SQL | undefined =>
  filters.etapa === "abertos" ? sql`l.stage in (${list(OPEN_STAGES)})` : filters.etapa ? sql`l.stage = ${filters.etapa}` : undefined;

/**
 * One page of the inbox with its total and how many leads each stage holds under the other
 * filters (the overview row): one counting pass over the leads, one bounded read for the page.
 */
export async function listInbox(filters: InboxFilters, options: { pageSize?: number; now?: Date } = {}) {
  const pageSize = options.pageSize ?? INBOX_PAGE_SIZE;
  const today = brasiliaDay(options.now);
  const rows = rowsOf<{ stage: Stage; total: number }>(await db().execute(inboxCountsQuery(filters, today)));
  const counts = Object.fromEntries(STAGES.map((s) => [s.value, 0])) as Record<Stage, number>;
  for (const r of rows) if (r.stage in counts) counts[r.stage] = Number(r.total);
  const inStage = (stage: Stage) => !filters.etapa || (filters.etapa === "abertos" ? OPEN_STAGES.includes(stage) : stage === filters.etapa);
  const total = rows.filter((r) => inStage(r.stage)).reduce((a, r) => a + Number(r.total), 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page ?? 1, pageCount);
  // Working the due follow-ups: the most overdue first. Otherwise the newest lead first.
  const order = filters.retorno ? sql`l.follow_up_on, l.created_at, l.id` : sql`l.created_at desc, l.id desc`;
  const leads = rowsOf<RawLead>(
    await db().execute(inboxSlice(whereOf(filters, today), order, pageSize, (page - 1) * pageSize, { matchesFirst: Boolean(filters.q) })),
  );
  return { rows: leads.map(toLead), total, page, pageCount, pageSize, counts };
}

/** The visits' sources (campaign source or site) of the newest leads, for the filter's choices; direct visits last. */
export async function inboxSources(): Promise<string[]> {
  const rows = rowsOf<{ origin: string }>(
    await db().execute(
      sql`select distinct l.origin from (select ${sql.raw(ORIGIN_SQL)} as origin from leads l order by l.created_at desc, l.id desc limit ${SOURCES_FROM_NEWEST}) l where l.origin <> '' order by 1 limit 50`,
    ),
  );
  return [...rows.map((r) => r.origin), DIRECT_ORIGIN];
}

// ---------------------------------------------------------------- one lead: stage, follow-up, notes
export async function getPipelineLead(type: PipelineType, id: number, executor: Executor = db()) {
  const [row] = rowsOf<RawLead & { lead_id: number }>(
    await executor.execute(
      sql`select ${sql.raw(INBOX_COLUMNS)}, l.id as lead_id from leads l ${sql.raw(INBOX_DETAILS)} where l.kind = ${type} and l.number = ${id}`,
    ),
  );
  if (!row) return null;
  const notes = await executor
    .select({ id: leadNotes.id, author: leadNotes.author, body: leadNotes.body, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .where(eq(leadNotes.leadId, Number(row.lead_id)))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
  return { lead: toLead(row), leadId: Number(row.lead_id), notes };
}

const DAY_MS = 86_400_000;
/** "2026-02-30" is not a day (Date would roll it over to March). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}
/** The form: a stage, a follow-up day (empty clears it) and an optional note. */
export const pipelineUpdateSchema = z.object({
  stage: z.enum(STAGES.map((s) => s.value) as [Stage, ...Stage[]], pipelineMessages.invalidStage),
  followUpOn: z
    .string(pipelineMessages.invalidDate)
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), pipelineMessages.invalidDate)
    .refine((v) => {
      if (!isCalendarDay(v)) return true; // already refused above
      const at = Date.parse(`${v}T12:00:00Z`);
      return at > Date.now() - 366 * DAY_MS && at < Date.now() + 731 * DAY_MS;
    }, pipelineMessages.dateOutOfRange)
    .transform((v) => (v === "" ? null : v)),
  note: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(NOTE_MAX_LENGTH, pipelineMessages.noteTooLong)),
});
export type PipelineUpdate = z.output<typeof pipelineUpdateSchema>;

/** The form of one lead: its stage must be one of its own pipeline's (docs/decisions/0088). */
export function pipelineUpdateSchemaOf(type: PipelineType) {
  const allowed = stagesOf(type).map((s) => s.value);
  return pipelineUpdateSchema
    .extend({
      stage: pipelineUpdateSchema.shape.stage.refine((stage) => allowed.includes(stage), pipelineMessages.wrongPipeline),
      lostReason: lostReasonSchema,
    })
    .superRefine(requireLostReason);
}

/** Why a deal was lost: required with the stage 'perdido' (docs/decisions/0142); ignored otherwise. */
export const lostReasonSchema = z
  .string()
  .optional()
  .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().max(LOST_REASON_MAX_LENGTH, dealMessages.lostReasonTooLong));

export function requireLostReason(value: { stage: string; lostReason: string }, ctx: z.RefinementCtx) {
  if (value.stage === "perdido" && !value.lostReason)
    ctx.addIssue({ code: "custom", path: ["lostReason"], message: dealMessages.lostReasonRequired });
}

/**
 * A lead's move to another stage, inside the caller's transaction (the lead locked): the stage,
 * when the deal closed ('ganho', 'perdido'), the reason of a loss, one audit row (the move's one
 * record, docs/decisions/0129) and, for a loss, a note with the reason (the history shows it; a note
 * is erased with the lead, the audit log is not). A new reason while already lost is a note too.
 * Returns whether anything changed.
 */
export async function applyStageMove(
  tx: Executor,
  move: { type: PipelineType; id: number; leadId: number; from: Stage; to: Stage; lostReason?: string; previousReason?: string | null },
  actor: Actor,
): Promise<boolean> {
  const reason = move.to === "perdido" ? move.lostReason || move.previousReason || null : null;
  const moved = move.from !== move.to;
  const newReason = move.to === "perdido" && reason !== (move.previousReason ?? null);
  if (!moved && !newReason) return false;
  const closedAt = closingOnMove(move.from, move.to);
  await tx
    .update(leads)
    .set({ stage: move.to, lostReason: reason, ...(closedAt === undefined ? {} : { closedAt }), updatedAt: sql`now()` })
    .where(eq(leads.id, move.leadId));
  const target = leadAuditTarget(move.type, move.id);
  if (moved) {
    await recordAudit({ actor: actor.username, action: "lead.stage", target, details: { from: move.from, to: move.to }, ip: actor.ip }, tx);
  }
  if (newReason && reason) {
    const body = dealMessages.lostReasonNote(reason);
    const note = await tx
      .insert(leadNotes)
      .values({ leadId: move.leadId, author: actor.username, body })
      .returning({ id: leadNotes.id })
      .then(first);
    await recordAudit(
      { actor: actor.username, action: "lead.note", target, details: { noteId: note.id, characters: body.length }, ip: actor.ip },
      tx,
    );
  }
  return true;
}

export interface Actor {
  username: string;
  ip?: string | null;
}

/**
 * Applies what changed, in one transaction with one audit row per change. Null when the lead
 * does not exist; otherwise which parts changed (none: nothing written).
 */
export async function updatePipeline(type: PipelineType, id: number, input: PipelineUpdate & { lostReason?: string }, actor: Actor) {
  return db().transaction(async (tx) => {
    // Locked (two admins saving at once apply one after the other), and refused (409) when merged
    // into another lead (docs/decisions/0147).
    const locked = await lockLeadForEdit(tx, type, id);
    const current = locked ? await getPipelineLead(type, id, tx) : null;
    if (!current) return null;
    const { lead, leadId } = current;
    const target = leadAuditTarget(type, id);
    const changed: Array<"stage" | "followUp" | "note"> = [];
    const set = (values: { stage?: Stage; followUpOn?: string | null }) =>
      tx
        .update(leads)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(leads.id, leadId));
    if (!stagesOf(type).some((s) => s.value === input.stage)) throw new Error(`stage ${input.stage} is not a ${type} stage`);
    // A consultation's status is this stage too (docs/decisions/0088): one column, read both ways.
    const move = {
      type,
      id,
      leadId,
      from: lead.stage,
      to: input.stage,
      lostReason: input.lostReason,
      previousReason: locked?.lostReason,
    };
    if (await applyStageMove(tx, move, actor)) changed.push("stage");
    if (input.followUpOn !== lead.followUpOn) {
      await set({ followUpOn: input.followUpOn });
      await recordAudit(
        { actor: actor.username, action: "lead.follow_up", target, details: { from: lead.followUpOn, to: input.followUpOn }, ip: actor.ip },
        tx,
      );
      changed.push("followUp");
    }
    if (input.note) {
      const note = await tx
        .insert(leadNotes)
        .values({ leadId, author: actor.username, body: input.note })
        .returning({ id: leadNotes.id })
        .then(first);
      // The text stays out of the audit log: it may hold personal data that an erasure must reach.
      await recordAudit(
        { actor: actor.username, action: "lead.note", target, details: { noteId: note.id, characters: input.note.length }, ip: actor.ip },
        tx,
      );
      changed.push("note");
    }
    return { changed };
  });
}

// ---------------------------------------------------------------- what is due (inbox filter and daily e-mail)
/** Open leads whose follow-up day is today or past, oldest first. */
export async function dueFollowUps(now = new Date(), executor: Executor = db(), limit = 200): Promise<InboxLead[]> {
  const where = whereOf({ retorno: "vencido" }, brasiliaDay(now));
  const rows = rowsOf<RawLead>(await executor.execute(inboxSlice(where, sql`l.follow_up_on, l.created_at, l.id`, limit)));
  return rows.map(toLead);
}

export async function leadsSince(since: Date, executor: Executor = db(), limit = 200): Promise<InboxLead[]> {
  const rows = rowsOf<RawLead>(
    await executor.execute(inboxSlice(sql`l.created_at >= ${since.toISOString()}::timestamptz`, sql`l.created_at desc, l.id desc`, limit)),
  );
  return rows.map(toLead);
}

// ---------------------------------------------------------------- CSV export (the lead CSV's protections: csv.server.ts)
export async function exportInboxCsv(filters: InboxFilters): Promise<{ csv: string; count: number }> {
  const { rows } = await listInbox({ ...filters, page: 1 }, { pageSize: 100_000 });
  const header = [
    "Tipo",
    "ID",
    "Nome",
    "E-mail",
    "Empresa",
    "Detalhe",
    "Etapa",
    "Próximo retorno",
    "Botão usado",
    ...ORIGIN_COLUMNS.map((c) => c.label),
    "Recebido em",
  ];
  const records = rows.map((r) => [
    pipelineTypeInfo(r.type).label,
    r.id,
    r.name,
    r.email,
    r.company,
    r.detail,
    stageLabel(r.stage),
    formatDay(r.followUpOn),
    r.button,
    ...ORIGIN_COLUMNS.map((c) => r[c.key]),
    formatDateTime(r.createdAt),
  ]);
  return { csv: toCsv([header, ...records]), count: rows.length };
}

export function inboxCsvFileName(now = new Date()): string {
  return `funil-de-leads-${brasiliaDay(now)}.csv`;
}
