/**
 * A lead's tasks (docs/decisions/0146): the card on the lead's page with its add, complete and
 * reopen forms (plain forms posting to the page's action, so they work before and without the
 * page script), the lead's overdue mark, and the dashboard's card of overdue tasks.
 */
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { SavedNotice } from "~/components/admin/saved-notice";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { AlertCircle, Check, ClipboardList, Undo2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { LeadTask, OverdueTask } from "~/domain/leads/tasks.server";
import { formatDateTime } from "~/lib/dates";
import { TASK_KINDS, TASK_OUTCOMES, TASK_TITLE_MAX_LENGTH, taskKindLabel, taskMessages as t, type TaskOutcome } from "~/lib/lead-tasks";
import { leadPagePath, pipelineTypeInfo } from "~/lib/pipeline";

const isOverdue = (task: Pick<LeadTask, "doneAt" | "dueAt">, asOf: string) => !task.doneAt && task.dueAt < asOf;

/** How many of the lead's open tasks are past due. */
export function overdueCount(tasks: LeadTask[], asOf: string): number {
  return tasks.filter((task) => isOverdue(task, asOf)).length;
}

/** The lead's mark beside its stage: "2 tarefas atrasadas", a link to its tasks. */
export function OverdueTasksMark({ tasks, asOf }: { tasks: LeadTask[]; asOf: string }) {
  const n = overdueCount(tasks, asOf);
  if (!n) return null;
  return (
    <a href="#tarefas" className="rounded-full focus-visible:outline-2 focus-visible:outline-ring" data-testid="overdue-mark">
      <Badge variant="destructive">
        <AlertCircle aria-hidden />
        {t.overdueMark(n)}
      </Badge>
    </a>
  );
}

interface TaskFormReply {
  form?: "tarefa";
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/** The tasks card of the lead's page: the list, then the add form. */
export function LeadTasksCard({ tasks, asOf, reply }: { tasks: LeadTask[]; asOf: string; reply?: TaskFormReply }) {
  const [params] = useSearchParams();
  const outcome = params.get("tarefa");
  const said = outcome && outcome in TASK_OUTCOMES ? TASK_OUTCOMES[outcome as TaskOutcome] : null;
  const mine = reply?.form === "tarefa" ? reply : undefined;
  return (
    <Card id="tarefas" className="scroll-mt-20" data-testid="lead-tasks">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <ClipboardList className="size-5 text-primary" aria-hidden />
            {t.heading}
            {tasks.length ? (
              <span className="text-base font-normal text-muted-foreground">({tasks.filter((x) => !x.doneAt).length} abertas)</span>
            ) : null}
          </h2>
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {said ? (
          <SavedNotice compact data-testid="task-saved">
            {said}
          </SavedNotice>
        ) : null}
        {tasks.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul className="grid gap-2" data-testid="task-list">
            {tasks.map((task) => (
              <TaskItem key={task.id} task={task} overdue={isOverdue(task, asOf)} />
            ))}
          </ul>
        )}
        <AddTaskForm reply={mine} />
      </CardContent>
    </Card>
  );
}

function TaskItem({ task, overdue }: { task: LeadTask; overdue: boolean }) {
  const done = Boolean(task.doneAt);
  const busy = useNavigation().formData?.get("taskId") === String(task.id);
  return (
    <li
      className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border px-3 py-2 text-sm ${
        overdue ? "border-destructive/50 bg-destructive/5" : "border-border"
      }`}
      data-task-id={task.id}
      data-state={done ? "done" : overdue ? "overdue" : "open"}
    >
      <div className="grid min-w-0 gap-0.5">
        <p className={`font-medium break-words ${done ? "text-muted-foreground line-through" : ""}`}>{task.title}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>{taskKindLabel(task.kind)}</span>
          <span aria-hidden>·</span>
          <span>
            Prazo: <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time>
          </span>
          {overdue ? <Badge variant="destructive">{t.overdue}</Badge> : null}
          {done ? (
            <Badge variant="success">
              {t.done} {formatDateTime(task.doneAt)}
            </Badge>
          ) : null}
        </p>
      </div>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={done ? "tarefa-reabrir" : "tarefa-concluir"} />
        <input type="hidden" name="taskId" value={task.id} />
        <Button type="submit" size="sm" variant={done ? "ghost" : "outline"} disabled={busy}>
          {done ? <Undo2 className="size-4" aria-hidden /> : <Check className="size-4" aria-hidden />}
          {done ? t.reopen : t.complete}
          <span className="sr-only">: {task.title}</span>
        </Button>
      </Form>
    </li>
  );
}

function AddTaskForm({ reply }: { reply?: TaskFormReply }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "tarefa-adicionar";
  const errors = reply?.errors ?? {};
  const values = reply?.values ?? {};
  return (
    <Form method="post" preventScrollReset className="grid gap-3 border-t border-border pt-4" noValidate aria-labelledby="nova-tarefa">
      <h3 id="nova-tarefa" className="text-sm font-semibold">
        Nova tarefa
      </h3>
      <input type="hidden" name="intent" value="tarefa-adicionar" />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="taskKind" label={t.kind} error={errors.taskKind}>
          <NativeSelect name="taskKind" defaultValue={values.taskKind ?? "ligar"} {...fieldA11y("taskKind", errors.taskKind)}>
            {TASK_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="taskDueAt" label={t.dueAt} error={errors.taskDueAt}>
          <Input
            name="taskDueAt"
            type="datetime-local"
            required
            defaultValue={values.taskDueAt ?? ""}
            {...fieldA11y("taskDueAt", errors.taskDueAt)}
          />
        </FormField>
      </div>
      <FormField id="taskTitle" label={t.title} hint={t.titleHint} error={errors.taskTitle}>
        <Input
          name="taskTitle"
          maxLength={TASK_TITLE_MAX_LENGTH}
          defaultValue={values.taskTitle ?? ""}
          {...fieldA11y("taskTitle", errors.taskTitle, { hint: true })}
        />
      </FormField>
      <Button type="submit" variant="secondary" className="w-full sm:w-fit" disabled={adding}>
        {adding ? t.adding : t.add}
      </Button>
    </Form>
  );
}

/** The dashboard's card: how many tasks are overdue and the oldest few, each linked to its lead. */
export function OverdueTasksCard({ overdue }: { overdue: { count: number; tasks: OverdueTask[] } }) {
  return (
    <Card data-testid="overdue-tasks" className={overdue.count ? "border-destructive/40" : undefined}>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <AlertCircle className={`size-5 ${overdue.count ? "text-destructive" : "text-muted-foreground"}`} aria-hidden />
            Tarefas atrasadas
            <span className="font-display text-2xl font-extrabold" data-testid="overdue-count">
              {overdue.count}
            </span>
          </h2>
        </CardTitle>
        <CardDescription>
          {overdue.count > overdue.tasks.length
            ? `As ${overdue.tasks.length} mais antigas de ${overdue.count}.`
            : "Tarefas de leads com o prazo vencido e ainda não concluídas."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overdue.tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma tarefa atrasada.</p>
        ) : (
          <ul className="grid gap-2">
            {overdue.tasks.map((task) => (
              <li
                key={task.id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border border-border px-3 py-2 text-sm"
              >
                <span className="min-w-0 break-words">
                  <Link to={`${leadPagePath(task.type, task.number)}#tarefas`} className="font-semibold text-primary hover:underline">
                    {task.title}
                  </Link>
                  <span className="text-muted-foreground">
                    {" "}
                    · {task.name || task.email || `${pipelineTypeInfo(task.type).label} nº ${task.number}`}
                  </span>
                </span>
                <span className="text-xs text-destructive">
                  Venceu em <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
