/**
 * /admin/leads/negocios: the deals board (docs/decisions/0143-the-deals-board.md). One column per
 * sales stage with its count, value and weighted value, the open pipeline's totals, the newest
 * cards of each stage, and the stage probabilities the admin edits. Every card has a plain form
 * that moves it (303 back here); the page script adds drag and drop and the arrow keys, posting
 * the same form through a fetcher (`via=script`: the answer is data, announced in Portuguese).
 */
import { data, redirect } from "react-router";
import { DealsBoard } from "~/components/admin/deals-board";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { boardCards, moveDeal, pipelineTotals, probabilitiesSchema, setStageProbabilities, moveSchema } from "~/domain/deals.server";
import { formError, parseForm, readForm, refusedForm } from "~/infra/forms.server";
import { dealMessages } from "~/lib/deals";
import { pipelineMessages, stageLabel } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.negocios";

export const meta: Route.MetaFunction = () => [{ title: `${dealMessages.boardTitle} | ${SITE_NAME}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const params = new URL(request.url).searchParams;
  const [totals, cards] = [await pipelineTotals(), await boardCards()];
  const done = params.get("feito");
  return data(
    {
      totals,
      cards,
      notice: done === "movido" ? pipelineMessages.saved : done === "probabilidades" ? dealMessages.probabilitiesSaved : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export type BoardActionData =
  | { ok: true; intent: "move"; message: string; key: string }
  | { ok?: false; intent?: string; key?: string; errors: Record<string, string>; values?: Record<string, string>; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const actor = { username: user.username, ip: context.clientIp };
  const fields = await readForm(request);
  if (fields.intent === "probabilities") {
    const submission = await parseForm(fields, probabilitiesSchema);
    if (!submission.ok) return formError({ ...submission.reply, intent: "probabilities" });
    await setStageProbabilities(submission.value, actor);
    return redirect("/admin/leads/negocios?feito=probabilidades", 303);
  }
  if (fields.intent !== "move") return formError({ errors: { intent: pipelineMessages.invalidIntent }, values: fields });
  const key = `${fields.type ?? ""}-${fields.id ?? ""}`;
  const submission = await parseForm(fields, moveSchema);
  if (!submission.ok) return formError({ ...submission.reply, intent: "move", key });
  let result;
  try {
    result = await moveDeal(submission.value, actor);
  } catch (error) {
    // A merged lead's move is refused (409, docs/decisions/0147).
    const refused = await refusedForm(error, fields);
    if (!refused) throw error;
    return formError({ ...refused.reply, intent: "move", key }, refused.status);
  }
  if (result === null) return formError({ errors: { id: pipelineMessages.notFound }, values: fields, intent: "move", key }, 404);
  if (result === "not-a-deal") return formError({ errors: { stage: dealMessages.notADeal }, values: fields, intent: "move", key }, 422);
  if (fields.via === "script") {
    return data({
      ok: true as const,
      intent: "move" as const,
      key,
      message: dealMessages.moved(result.name, stageLabel(submission.value.stage)),
    });
  }
  return redirect(`/admin/leads/negocios?feito=movido#etapa-${submission.value.stage}`, 303);
}

export default function DealsBoardRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DealsBoard {...loaderData} actionData={actionData as BoardActionData | undefined} />;
}
