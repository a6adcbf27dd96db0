/**
 * Append-only audit log of admin actions (who, what, when, from where). The application only
 * ever inserts here: no code path updates or deletes audit rows.
 */
import type { Executor } from "~/db/client.server";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

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
