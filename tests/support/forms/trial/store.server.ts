/** How an accepted test submission is stored: its lead and its answers, as a real form stores them. */
import { insertLead } from "~/domain/leads/capture.server";
import { defineLeadStore } from "~/forms/define.server";
import type { PipelineType } from "~/lib/pipeline";
import definition from "./definition";
import privacy from "./privacy.server";
import { trialAnswers, trialNumbers } from "./table";
import type { TrialInput } from "./schema";

export default defineLeadStore(definition, {
  numbers: trialNumbers,
  store: async (input: TrialInput, meta, tx) => {
    // A kind of its own, outside the site's lead types (app/lib/pipeline.ts).
    const lead = await insertLead(tx, privacy.kind as PipelineType, trialNumbers, {
      name: input.name,
      email: input.email,
      ...meta.attribution,
      verified: meta.verified,
    });
    await tx.insert(trialAnswers).values({ leadId: lead.id, wish: input.wish });
    return { id: lead.number };
  },
});
