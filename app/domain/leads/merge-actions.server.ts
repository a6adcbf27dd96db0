/**
 * The lead page's merge form (docs/decisions/0147): `intent=mesclar`, the other lead (`outro`,
 * its leads.id) and which one stays (`manter`: este | outro). 303 to the lead that stays, or the
 * refusal (4xx) with its message beside the form.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { formError, parseForm, refusedForm } from "~/infra/forms.server";
import type { FormFields } from "~/lib/forms";
import { duplicateMessages as m } from "~/lib/lead-duplicates";
import { leadPagePath, pipelineMessages, type PipelineType } from "~/lib/pipeline";
import { mergeLeads } from "./duplicates.server";
import type { Actor } from "../pipeline.server";

const mergeSchema = z.object({
  outro: z.coerce.number(m.notFound).int(m.notFound).positive(m.notFound).max(2_147_483_647, m.notFound),
  manter: z.enum(["este", "outro"], m.notFound),
});

export async function mergeAction(type: PipelineType, number: number, fields: FormFields, actor: Actor) {
  const [lead] = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.kind, type), eq(leads.number, number)));
  if (!lead) throw data(pipelineMessages.notFound, { status: 404 });
  const submission = await parseForm(fields, mergeSchema);
  if (!submission.ok)
    return formError({ ...submission.reply, form: "mesclar" as const, errors: { merge: m.notFound } as Record<string, string> }, 400);
  const { outro, manter } = submission.value;
  const [survivorId, mergedId] = manter === "este" ? [lead.id, outro] : [outro, lead.id];
  try {
    const result = await mergeLeads(survivorId, mergedId, actor);
    return redirect(`${leadPagePath(result.survivor.type, result.survivor.number)}?mesclado=1#duplicados`, 303);
  } catch (error) {
    const refused = await refusedForm(error, fields);
    if (!refused) throw error;
    return formError(
      { ...refused.reply, form: "mesclar" as const, errors: { merge: refused.reply.message ?? m.notFound } as Record<string, string> },
      refused.status,
    );
  }
}
