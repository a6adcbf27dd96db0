/**
 * Possible duplicate leads and their merge (docs/decisions/0147).
 *
 * Found when read, not stored: the other leads of the same pipeline whose whole address equals this
 * one's (lower case; `leads_email_idx`) or whose address is at the same company domain
 * (`leads_email_domain_idx`; free-mail domains never match). A lead already merged is no candidate.
 *
 * A merge keeps both rows of `leads`. The lead the admin keeps (the survivor) takes the other's
 * notes, tasks and orders, and its empty name, phone and company; the merged lead keeps what the
 * person sent (its answers row, chat session, meeting, files: each is one-to-one with its lead,
 * decision 0135), is marked `merged_into_id`, leaves the open stages ('Descartado') and is shown on
 * the survivor's page. Both leads' audit trails say it; every older audit row still names the lead
 * it was about, which still exists. One transaction locks both leads (`for update`, lower id
 * first, so two merges of the same pair cannot deadlock); an edit of either waits for it, and an
 * edit of the merged lead after it is refused (app/domain/pipeline.server.ts), never lost.
 */
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { fail } from "~/infra/http.server";
import { formatDateTime } from "~/lib/dates";
import { companyDomainOf, duplicateMessages as m, normalisedEmail } from "~/lib/lead-duplicates";
import { isHiring, PIPELINE_TYPES, pipelineTypeInfo, stageLabel, type PipelineType, type Stage } from "~/lib/pipeline";
import { recordAudit } from "../audit.server";
import { type Actor, leadAuditTarget } from "../pipeline.server";

const CANDIDATE_LIMIT = 10;

export interface LeadRef {
  /** leads.id */
  leadId: number;
  type: PipelineType;
  number: number;
  name: string | null;
  email: string | null;
  company: string | null;
  stage: Stage;
  createdAt: string;
}

export interface DuplicateCandidate extends LeadRef {
  reason: "email" | "domain";
}

type RawRef = {
  id: number;
  kind: PipelineType;
  number: number;
  name: string | null;
  email: string | null;
  company: string | null;
  stage: Stage;
  created_at: Date | string;
};
const REF_COLUMNS = sql.raw(`l.id, l.kind, l.number, l.name, l.email, l.company, l.stage, l.created_at`);
const toRef = (r: RawRef): LeadRef => ({
  leadId: Number(r.id),
  type: r.kind,
  number: Number(r.number),
  name: r.name,
  email: r.email,
  company: r.company,
  stage: r.stage,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The pipeline a kind of lead moves in: applications apart from every sales lead. */
const pipelineOf = (type: PipelineType) => (isHiring(type) ? "contratacao" : "vendas");
/** The kinds whose leads move in hiring's stages, as each declares (docs/decisions/0149). */
const hiringKinds = () =>
  sql.join(
    PIPELINE_TYPES.filter(isHiring).map((kind) => sql`${kind}`),
    sql`, `,
  );
const samePipeline = (type: PipelineType) => (isHiring(type) ? sql`l.kind in (${hiringKinds()})` : sql`l.kind not in (${hiringKinds()})`);

/**
 * Which leads of a list's page have a possible duplicate (the inbox's and the lists' mark,
 * docs/decisions/0147, 0152): the page's own rows only, never the list's filter or count. One query:
 * per row, at most two `exists` probes, the whole address through `leads_email_idx` and the company
 * domain through `leads_email_domain_idx`, each stopping at its first other unmerged lead of the
 * same pipeline; a merged lead has no mark (as on its page). Keys are `type-number`.
 */
export async function duplicateMarksOf(rows: Array<{ type: PipelineType; id: number; email: string | null }>): Promise<string[]> {
  const asked = rows
    .map((r) => ({ ...r, address: normalisedEmail(r.email), domain: companyDomainOf(r.email) }))
    .filter((r) => r.address !== null);
  if (asked.length === 0) return [];
  const values = sql.join(
    asked.map((r) => sql`(${r.type}::text, ${r.id}::int, ${r.address}::text, ${r.domain}::text, ${isHiring(r.type)}::boolean)`),
    sql`, `,
  );
  // Each row's own lead is read by its key in a lateral subquery kept apart by `offset 0`: one
  // lookup of `leads_kind_number_uq` per row; as a plain join the planner hashed every lead.
  const other = sql`l.id <> s.id and l.merged_into_id is null and (l.kind in (${hiringKinds()})) = v.hiring`;
  const found = rowsOf<{ kind: string; number: number | string }>(
    await db().execute(sql`
      select v.kind, v.number from (values ${values}) as v(kind, number, email, domain, hiring)
        cross join lateral (select s.id from leads s where s.kind = v.kind and s.number = v.number and s.merged_into_id is null offset 0) s
       where exists (select 1 from leads l where lower(l.email) = v.email and ${other})
          or (v.domain is not null
              and exists (select 1 from leads l where split_part(lower(l.email), '@', 2) = v.domain and ${other}))`),
  );
  return found.map((r) => `${r.kind}-${Number(r.number)}`);
}

/** What the lead's page shows about duplicates: where it was merged, what was merged into it, and candidates. */
export async function duplicatesOf(lead: { leadId: number; type: PipelineType; email: string | null }) {
  const [self] = rowsOf<{ merged_into_id: number | null }>(
    await db().execute(sql`select merged_into_id from leads where id = ${lead.leadId}`),
  );
  const mergedInto = self?.merged_into_id
    ? (rowsOf<RawRef>(await db().execute(sql`select ${REF_COLUMNS} from leads l where l.id = ${self.merged_into_id}`)).map(toRef)[0] ??
      null)
    : null;
  const merged = rowsOf<RawRef>(
    await db().execute(
      sql`select ${REF_COLUMNS} from leads l where l.merged_into_id = ${lead.leadId} order by l.created_at, l.id limit 50`,
    ),
  ).map(toRef);
  const email = normalisedEmail(lead.email);
  const domain = companyDomainOf(lead.email);
  let candidates: DuplicateCandidate[] = [];
  if (!mergedInto && email) {
    // Two index reads (the whole address; the domain), each bounded, then one list.
    const match = domain
      ? sql`(lower(l.email) = ${email} or split_part(lower(l.email), '@', 2) = ${domain})`
      : sql`lower(l.email) = ${email}`;
    candidates = rowsOf<RawRef>(
      await db().execute(sql`
        select ${REF_COLUMNS} from leads l
         where ${match} and l.id <> ${lead.leadId} and l.merged_into_id is null and ${samePipeline(lead.type)}
         order by (lower(l.email) = ${email}) desc, l.created_at desc, l.id desc
         limit ${CANDIDATE_LIMIT}`),
    ).map((r) => ({ ...toRef(r), reason: normalisedEmail(r.email) === email ? "email" : "domain" }));
  }
  return { mergedInto, merged, candidates, domain };
}
export type LeadDuplicates = Awaited<ReturnType<typeof duplicatesOf>>;

/** A lead as the merge's audit and the survivor's history keep it (its own fields at the merge). */
function describe(r: RawRef & { phone: string | null; follow_up_on: string | null }) {
  return {
    type: r.kind,
    number: Number(r.number),
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    stage: r.stage,
    followUpOn: r.follow_up_on,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** "Contato nº 12 · Ana · ana@x.com · (11) 9… · Empresa · etapa Novo · recebido em 01/12/2026 10:00" */
export function mergedSummary(d: ReturnType<typeof describe>): string {
  return [
    `${pipelineTypeInfo(d.type).label} nº ${d.number}`,
    d.name,
    d.email,
    d.phone,
    d.company,
    `etapa ${stageLabel(d.stage) || d.stage}`,
    `recebido em ${formatDateTime(d.createdAt)}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Merges `mergedId` into `survivorId` (both leads.id). Refusals are 4xx Responses (`fail`): the
 * same lead, a lead missing, either already merged, or leads of two pipelines.
 */
export async function mergeLeads(survivorId: number, mergedId: number, actor: Actor) {
  if (survivorId === mergedId) throw fail(400, m.self);
  return db().transaction(async (tx) => {
    // Both rows locked, lower id first: concurrent merges and edits of either apply one after another.
    const rows = rowsOf<RawRef & { phone: string | null; follow_up_on: string | null; merged_into_id: number | null }>(
      await tx.execute(sql`
        select ${REF_COLUMNS}, l.phone, l.follow_up_on::text as follow_up_on, l.merged_into_id
          from leads l where l.id in (${survivorId}, ${mergedId}) order by l.id for update`),
    );
    const survivor = rows.find((r) => Number(r.id) === survivorId);
    const merged = rows.find((r) => Number(r.id) === mergedId);
    if (!survivor || !merged) throw fail(404, m.notFound);
    if (survivor.merged_into_id || merged.merged_into_id) throw fail(409, m.alreadyMerged);
    if (pipelineOf(survivor.kind) !== pipelineOf(merged.kind) || pipelineOf(survivor.kind) !== "vendas") throw fail(409, m.otherPipeline);

    // What hangs off the merged lead and is the sales work on the person goes to the survivor.
    const moved = rowsOf<{ notes: number; tasks: number; orders: number; leads: number }>(
      await tx.execute(sql`
        with notes as (update lead_notes set lead_id = ${survivorId} where lead_id = ${mergedId} returning 1),
             tasks as (update lead_tasks set lead_id = ${survivorId} where lead_id = ${mergedId} returning 1),
             bought as (update orders set lead_id = ${survivorId} where lead_id = ${mergedId} returning 1),
             earlier as (update leads set merged_into_id = ${survivorId} where merged_into_id = ${mergedId} returning 1)
        select (select count(*) from notes)::int as notes, (select count(*) from tasks)::int as tasks,
               (select count(*) from bought)::int as orders, (select count(*) from earlier)::int as leads`),
    )[0]!;
    // The survivor's empty contact fields take the merged lead's.
    const filled = (["name", "phone", "company"] as const).filter((k) => !survivor[k]?.trim() && merged[k]?.trim());
    await tx.execute(sql`
      update leads set
        name = case when coalesce(btrim(name), '') = '' then ${merged.name} else name end,
        phone = case when coalesce(btrim(phone), '') = '' then ${merged.phone} else phone end,
        company = case when coalesce(btrim(company), '') = '' then ${merged.company} else company end,
        updated_at = now()
       where id = ${survivorId}`);
    await tx.execute(sql`
      update leads set merged_into_id = ${survivorId}, merged_at = now(), stage = 'descartado', follow_up_on = null, updated_at = now()
       where id = ${mergedId}`);

    const mergedFields = describe(merged);
    const survivorFields = describe(survivor);
    const details = { merged: mergedFields, survivor: survivorFields, moved, filled };
    await recordAudit(
      {
        actor: actor.username,
        action: "lead.merge",
        target: leadAuditTarget(survivor.kind, Number(survivor.number)),
        details,
        ip: actor.ip,
      },
      tx,
    );
    await recordAudit(
      { actor: actor.username, action: "lead.merged", target: leadAuditTarget(merged.kind, Number(merged.number)), details, ip: actor.ip },
      tx,
    );
    return { survivor: { type: survivor.kind, number: Number(survivor.number) }, moved, filled };
  });
}

/** Whether this lead was merged into another (its edits go to the survivor). */
export async function mergedTarget(leadId: number): Promise<{ type: PipelineType; number: number } | null> {
  const [row] = rowsOf<{ kind: PipelineType; number: number }>(
    await db().execute(sql`select s.kind, s.number from leads l join leads s on s.id = l.merged_into_id where l.id = ${leadId}`),
  );
  return row ? { type: row.kind, number: Number(row.number) } : null;
}
