/**
 * The admin's decisions on suspected spam (docs/decisions/0090), each one transaction with its
 * audit row:
 * - 'Não é spam': the submission is stored through its form's own definition, as it would have
 *   been (the lead, the team's notification it missed, and the visitor's auto-reply, which keeps
 *   its one-per-hour rule), and leaves the spam list; a file it carried was not kept (the audit
 *   row names it, docs/decisions/0106);
 * - 'Excluir': deleted for good.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { spamSubmissions } from "~/db/schema";
import { attributionOf } from "~/domain/analytics/attribution.server";
import { recordAudit } from "~/domain/audit.server";
import { queueLeadAutoReply } from "~/domain/leads/auto-reply.server";
import { leadFormServer } from "~/forms/index.server";
import { fail } from "~/infra/http.server";
import { spamFile } from "./quarantine.server";

export interface SpamActor {
  username: string;
  ip: string | null;
}

const NOT_FOUND = "Este envio não está mais na lista de spam.";

/** Moves a suspected submission into the leads; returns its form and the new lead's id (if it has one). */
export async function releaseSpam(id: number, actor: SpamActor): Promise<{ form: string; leadId: number | null }> {
  return db().transaction(async (tx) => {
    // What its file was, read before the row (and it) go: the audit names it.
    const file = await spamFile(tx, id);
    const [row] = await tx.delete(spamSubmissions).where(eq(spamSubmissions.id, id)).returning();
    if (!row) throw fail(404, NOT_FOUND);
    let server: ReturnType<typeof leadFormServer> | undefined;
    try {
      server = leadFormServer(row.form);
    } catch {
      server = undefined; // a form that no longer exists
    }
    const parsed = server ? (await server.schema()).safeParse(row.data) : undefined;
    if (!server || !parsed?.success) throw fail(409, "Este envio não pode ser movido para os leads: o formulário mudou desde então.");
    const meta = {
      // The admin vouched for it: it is a lead like any other, auto-reply included.
      verified: true,
      ip: row.ip,
      userAgent: row.userAgent,
      attribution: {
        ...attributionOf(row),
        visitCounted: row.visitCounted ?? true, // null: stored before the flag existed, counted as with a visit (docs/decisions/0085)
      },
    };
    const result = (await server.store(parsed.data, meta, tx)) as { id?: number } | null;
    const autoReply = await queueLeadAutoReply(tx, row.form, parsed.data);
    const leadId = typeof result?.id === "number" ? result.id : null;
    await recordAudit(
      {
        actor: actor.username,
        action: "lead.spam.release",
        target: `spam:${row.id}`,
        details: { form: row.form, leadId, autoReply, ...(file ? { fileNotKept: { name: file.fileName, size: file.size } } : {}) },
        ip: actor.ip,
      },
      tx,
    );
    return { form: row.form, leadId };
  });
}

export async function deleteSpam(id: number, actor: SpamActor): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(spamSubmissions)
      .where(eq(spamSubmissions.id, id))
      .returning({ id: spamSubmissions.id, form: spamSubmissions.form });
    if (!row) throw fail(404, NOT_FOUND);
    await recordAudit(
      { actor: actor.username, action: "lead.spam.delete", target: `spam:${row.id}`, details: { form: row.form }, ip: actor.ip },
      tx,
    );
  });
}
