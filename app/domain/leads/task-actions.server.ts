/**
 * The lead page's task forms (docs/decisions/0146): add, complete, reopen. Each answers 303 back to
 * the lead's tasks with what happened in the address (`?tarefa=…#tarefas`), or 400 with the
 * messages beside the fields and the typed values (docs/decisions/0064), or 404.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { formError, parseForm } from "~/infra/forms.server";
import type { FormFields } from "~/lib/forms";
import { TASK_OUTCOMES, taskAddSchema, taskMessages, taskToggleSchema, type TaskIntent } from "~/lib/lead-tasks";
import { leadPagePath, pipelineMessages, type PipelineType } from "~/lib/pipeline";
import { type Actor, leadAuditTarget } from "../pipeline.server";
import { addTask, setTaskDone } from "./tasks.server";

export async function taskAction(type: PipelineType, number: number, fields: FormFields, actor: Actor) {
  const [lead] = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.kind, type), eq(leads.number, number)));
  if (!lead) throw data(pipelineMessages.notFound, { status: 404 });
  const target = { leadId: lead.id, target: leadAuditTarget(type, number) };
  const back = (outcome: keyof typeof TASK_OUTCOMES) => redirect(`${leadPagePath(type, number)}?tarefa=${outcome}#tarefas`, 303);
  const intent = fields.intent as TaskIntent;

  if (intent === "tarefa-adicionar") {
    const submission = await parseForm(fields, taskAddSchema);
    if (!submission.ok) return formError({ ...submission.reply, form: "tarefa" as const });
    await addTask(target, submission.value, actor);
    return back("adicionada");
  }
  const submission = await parseForm(fields, taskToggleSchema);
  if (!submission.ok) throw data(taskMessages.notFound, { status: 404 });
  const done = intent === "tarefa-concluir";
  const changed = await setTaskDone(target, submission.value.taskId, done, actor);
  if (changed === null) throw data(taskMessages.notFound, { status: 404 });
  return back(!changed ? "igual" : done ? "concluida" : "reaberta");
}
