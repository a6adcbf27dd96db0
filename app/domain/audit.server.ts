/**
 * Append-only audit log of admin actions (who, what, when, from where). The application only
 * ever inserts here: no code path updates or deletes audit rows.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { first } from "~/lib/first";

export interface AuditEntry {
  actor: string | null; // admin username, or the attempted one for failed logins
  action: string; // e.g. 'auth.login', 'blog.post.create', 'lead.export'
  target?: string | null; // e.g. 'post:12'
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAudit(entry: AuditEntry, executor: Executor = db()): Promise<void> {
  await executor.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

// ---------------------------------------------------------------- browsing (read only): /admin/auditoria
export const AUDIT_PAGE_SIZE = 50;

export const auditFilterSchema = z.object({
  acao: z.string().trim().max(100).catch(""),
  usuario: z.string().trim().max(100).catch(""),
  de: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .catch(""),
  ate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .catch(""),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Start of a calendar day in Brasília time (no daylight saving since 2019). */
function dayStart(day: string, plusDays = 0): Date | null {
  const date = new Date(`${day}T00:00:00-03:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

export async function listAudit(filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.acao) conditions.push(eq(auditLog.action, filter.acao));
  // strpos, not LIKE: '_' and '%' typed by the admin are plain characters.
  if (filter.usuario) conditions.push(sql`strpos(lower(${auditLog.actor}), ${filter.usuario.toLowerCase()}) > 0`);
  const from = filter.de ? dayStart(filter.de) : null;
  const to = filter.ate ? dayStart(filter.ate, 1) : null;
  if (from) conditions.push(gte(auditLog.createdAt, from));
  if (to) conditions.push(lt(auditLog.createdAt, to));
  const where = conditions.length ? and(...conditions) : undefined;

  const [{ total }, actions] = await Promise.all([
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where)
      .then(first),
    db().selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.pagina, pages);
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total, page, pages, actions: actions.map((a) => a.action) };
}
