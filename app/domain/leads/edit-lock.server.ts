/**
 * The one way an admin's edit of a lead begins (docs/decisions/0147, 0152): the lead's row locked
 * `for update` in the caller's transaction, so two edits (and a merge) apply one after the other,
 * and a lead merged into another refused with 409 (its edits belong on the survivor; refused, not
 * lost). The stage form and its note, the board's move and the deal form all start here.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { leads } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { duplicateMessages } from "~/lib/lead-duplicates";
import type { PipelineType } from "~/lib/pipeline";

/**
 * Locks the lead of `type` number `id`: its row, or null when there is none. A merged lead throws a
 * 409 Response (`refusedForm` reads it) whose message is also `field`'s error, the field the
 * caller's form shows it beside.
 */
export async function lockLeadForEdit(tx: Executor, type: PipelineType, id: number, field = "stage") {
  const [lead] = await tx
    .select({
      id: leads.id,
      stage: leads.stage,
      lostReason: leads.lostReason,
      name: leads.name,
      email: leads.email,
      valueCents: leads.valueCents,
      expectedCloseOn: leads.expectedCloseOn,
      mergedIntoId: leads.mergedIntoId,
    })
    .from(leads)
    .where(and(eq(leads.kind, type), eq(leads.number, id)))
    .for("update");
  if (!lead) return null;
  if (lead.mergedIntoId) throw fail(409, duplicateMessages.editMerged, { [field]: duplicateMessages.editMerged });
  return lead;
}
