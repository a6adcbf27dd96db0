/**
 * Who gets an edition (docs/decisions/0131): every confirmed subscriber (not bounced), or those of
 * them who chose a topic, or those whose address is, whole and in any case, a lead's address at a
 * stage of the pipeline (app/domain/pipeline.server.ts). What the card counts before sending is
 * what the edition's recipient rows are written from when it starts.
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { blogCategories, newsletterSubscribers } from "~/db/schema";
import { LEAD_ADDRESS_STAGES } from "~/domain/pipeline.server";
import { fail } from "~/infra/http.server";
import { parseSegment, type Segment, type SegmentGroup, segmentGroups, segmentText } from "~/lib/newsletter-segments";
import { stageLabel } from "~/lib/pipeline";

/** Confirmed, not bounced: everyone an edition may go to. */
export const confirmedAudience = and(eq(newsletterSubscribers.status, "active"), isNull(newsletterSubscribers.bouncedAt))!;

/** The subscribers a segment reaches now. */
export function audienceCondition(segment: Segment): SQL {
  if (segment.kind === "topic") return and(confirmedAudience, sql`${segment.categoryId} = any(${newsletterSubscribers.topics})`)!;
  if (segment.kind === "stage") {
    return and(
      confirmedAudience,
      sql`lower(${newsletterSubscribers.email}) in (select a.email from ${LEAD_ADDRESS_STAGES} a where a.stage = ${segment.stage})`,
    )!;
  }
  return confirmedAudience;
}

export async function audienceCount(segment: Segment, executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(audienceCondition(segment));
  return Number(row?.n ?? 0);
}

/**
 * A segment from a form, checked: a topic must be a category that exists. Refused with 400 and
 * the form's message otherwise.
 */
export async function segmentFromForm(value: string | undefined, executor: Executor = db()): Promise<Segment> {
  const segment = parseSegment(value);
  if (!segment) throw fail(400, segmentText.invalid, { segment: segmentText.invalid });
  if (segment.kind === "topic") {
    const [category] = await executor
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(eq(blogCategories.id, segment.categoryId));
    if (!category) throw fail(400, segmentText.invalid, { segment: segmentText.invalid });
  }
  return segment;
}

/** The segment menu: each choice with how many confirmed subscribers it reaches now (three queries). */
export async function segmentMenu(): Promise<SegmentGroup[]> {
  const [all, topics, stages] = await Promise.all([
    audienceCount({ kind: "all" }),
    db()
      .select({ id: blogCategories.id, name: blogCategories.name, n: sql<number>`count(${newsletterSubscribers.id})::int` })
      .from(blogCategories)
      .leftJoin(newsletterSubscribers, and(confirmedAudience, sql`${blogCategories.id} = any(${newsletterSubscribers.topics})`))
      .groupBy(blogCategories.id, blogCategories.name)
      .orderBy(asc(blogCategories.name)),
    db()
      .execute(
        // Leads joined directly rather than through LEAD_ADDRESS_STAGES' distinct pairs: the same
        // counts (distinct subscribers per stage) without first de-duplicating every lead.
        sql`select l.stage, count(distinct s.id)::int as n
              from ${newsletterSubscribers} s join leads l on lower(btrim(l.email)) = lower(s.email)
             where s.status = 'active' and s.bounced_at is null
             group by l.stage`,
      )
      .then((r) => rowsOf<{ stage: string; n: number }>(r)),
  ]);
  return segmentGroups(
    all,
    topics.map((t) => ({ value: `tema:${t.id}`, label: segmentText.topic(t.name), count: Number(t.n) })),
    Object.fromEntries(stages.map((s) => [s.stage, Number(s.n)])),
  );
}

/** How a stored segment reads on the card once its edition started. */
export async function describeSegment(stored: string | null): Promise<string> {
  const segment = parseSegment(stored);
  if (!segment || segment.kind === "all") return segmentText.all;
  if (segment.kind === "stage") return segmentText.stage(stageLabel(segment.stage));
  const [category] = await db().select({ name: blogCategories.name }).from(blogCategories).where(eq(blogCategories.id, segment.categoryId));
  return category ? segmentText.topic(category.name) : segmentText.deletedTopic;
}
