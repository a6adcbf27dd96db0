/**
 * /admin/leads/funil/:type/:id: the one page of a lead (docs/decisions/0129-one-page-per-lead.md).
 * It shows the stage with its form, what the visitor sent, the buttons to reach them, their
 * meetings, orders and conversations, and one history. The form sets the stage, the next
 * follow-up day and adds a note; the action applies what changed (each change audited) and answers
 * 303 back here, or 400 with the messages beside the fields and the typed values (one schema reads
 * the form: docs/decisions/0064). The older record address of a contact, a consultation or an
 * application redirects here (app/routes/admin/leads.$type.$id.tsx).
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AttributionFacts } from "~/components/admin/attribution";
import { DealCard, LostReasonField } from "~/components/admin/lead-deal";
import { DuplicateMark, DuplicatesCard, MergedBanner } from "~/components/admin/lead-duplicates";
import {
  Consents,
  ContactButtons,
  ElsewhereLink,
  LeadHistory,
  MeetingAnswers,
  PersonActivity,
  SentFacts,
} from "~/components/admin/lead-page";
import { LeadTasksCard, OverdueTasksMark } from "~/components/admin/lead-tasks";
import { FollowUp, StageBadge } from "~/components/admin/pipeline";
import { SavedNotice } from "~/components/admin/saved-notice";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { ArrowLeft } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { dealSchema, leadDeal, updateDeal } from "~/domain/deals.server";
import { leadPage } from "~/domain/leads/lead-page.server";
import { mergeAction } from "~/domain/leads/merge-actions.server";
import { taskAction } from "~/domain/leads/task-actions.server";
import { pipelineUpdateSchemaOf, updatePipeline } from "~/domain/pipeline.server";
import { formError, parseForm, readForm, refusedForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { isTaskIntent } from "~/lib/lead-tasks";
import { ORIGIN_TITLE } from "~/lib/origin";
import {
  brasiliaDay,
  isHiring,
  isPipelineType,
  leadPagePath,
  NOTE_MAX_LENGTH,
  pipelineTypeInfo,
  pipelineMessages,
  stagesOf,
  type PipelineType,
} from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.funil.$type.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.lead.name || data.lead.email || `Lead #${data.lead.id}` : "Lead"} | ${pipelineMessages.title} | ${SITE_NAME}` },
];

/** Unknown type or a malformed id is simply a lead that does not exist. */
function leadParams(params: { type?: string; id?: string }): { type: PipelineType; id: number } {
  const id = Number(params.id);
  if (!isPipelineType(params.type) || !/^\d{1,9}$/.test(params.id ?? "") || id <= 0) {
    throw data(pipelineMessages.notFound, { status: 404 });
  }
  return { type: params.type, id };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { type, id } = leadParams(params);
  const found = await leadPage(type, id);
  if (!found) throw data(pipelineMessages.notFound, { status: 404 });
  const saved = new URL(request.url).searchParams.get("salvo");
  return data(
    {
      ...found,
      today: brasiliaDay(),
      // A sales lead's value, close day and the reason of a loss (docs/decisions/0142).
      deal: isHiring(type) ? null : await leadDeal(type, id),
      dealSaved: saved === "negocio",
      saved: saved === "1" ? pipelineMessages.saved : saved === "0" ? pipelineMessages.nothingChanged : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const { type, id } = leadParams(params);
  const fields = await readForm(request);
  // The tasks' forms post here too (app/components/admin/lead-tasks.tsx, docs/decisions/0146).
  if (isTaskIntent(fields.intent)) return taskAction(type, id, fields, { username: user.username, ip: context.clientIp });
  // The merge of a possible duplicate (app/components/admin/lead-duplicates.tsx, docs/decisions/0147).
  if (fields.intent === "mesclar") return mergeAction(type, id, fields, { username: user.username, ip: context.clientIp });
  if (fields.intent === "deal" && !isHiring(type)) {
    const deal = await parseForm(fields, dealSchema);
    if (!deal.ok) return formError({ ...deal.reply, intent: "deal" });
    let done;
    try {
      done = await updateDeal(type, id, deal.value, { username: user.username, ip: context.clientIp });
    } catch (error) {
      // A merged lead's edits are refused (409), its typed values kept.
      const refused = await refusedForm(error, fields);
      if (!refused) throw error;
      return formError({ ...refused.reply, intent: "deal" }, refused.status);
    }
    if (!done) throw data(pipelineMessages.notFound, { status: 404 });
    return redirect(`${leadPagePath(type, id)}?salvo=${done.changed ? "negocio" : 0}`, 303);
  }
  const submission = await parseForm(fields, pipelineUpdateSchemaOf(type));
  if (!submission.ok) return formError(submission.reply);
  let result;
  try {
    result = await updatePipeline(type, id, submission.value, { username: user.username, ip: context.clientIp });
  } catch (error) {
    // A merged lead's edits are refused (409), its typed values kept.
    const refused = await refusedForm(error, fields);
    if (!refused) throw error;
    return formError(refused.reply, refused.status);
  }
  if (!result) throw data(pipelineMessages.notFound, { status: 404 });
  return redirect(`${leadPagePath(type, id)}?salvo=${result.changed.length ? 1 : 0}`, 303);
}

export default function LeadPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, today, saved } = loaderData;
  const info = pipelineTypeInfo(lead.type);
  const title = lead.name || lead.email || `Lead #${lead.id}`;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link to="/admin/leads" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Voltar ao funil
      </Link>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">{title}</h1>
          <StageBadge stage={lead.stage} />
          <OverdueTasksMark tasks={loaderData.tasks} asOf={loaderData.tasksAsOf} />
          <DuplicateMark duplicates={loaderData.duplicates} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>
            {info.label} nº {lead.id}
          </span>
          <span aria-hidden>·</span>
          <span>
            Recebido em <time dateTime={new Date(lead.createdAt).toISOString()}>{formatDateTime(lead.createdAt)}</time>
          </span>
          <span aria-hidden>·</span>
          <span className="inline-flex items-center gap-1">
            Próximo retorno: <FollowUp day={lead.followUpOn} stage={lead.stage} today={today} />
          </span>
        </p>
        <ContactButtons name={lead.name} email={lead.email} phone={loaderData.phone} />
      </header>
      <MergedBanner duplicates={loaderData.duplicates} />
      {saved ? <SavedNotice data-testid="pipeline-saved">{saved}</SavedNotice> : null}

      {/*
        Phones: what was sent, the stage form, the history, the person's other records, the origin.
        Wide screens: the form and the history in their own column, beside the rest; the last row
        of the left column takes what the right one needs beyond it, so its cards never spread apart.
      */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_auto_auto_1fr] lg:items-start">
        <Card className="lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <CardTitle asChild>
              <h2>O que a pessoa enviou</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SentFacts fields={loaderData.fields} cv={loaderData.cv} applicationId={lead.type === "candidaturas" ? lead.id : undefined} />
            <MeetingAnswers meetings={loaderData.meetingAnswers} />
            {info.elsewhere ? <ElsewhereLink href={info.elsewhere.href(lead.id)} label={info.elsewhere.label} /> : null}
          </CardContent>
        </Card>

        <div className="grid gap-6 lg:col-start-2 lg:row-span-4 lg:row-start-1">
          <DuplicatesCard duplicates={loaderData.duplicates} lead={lead} reply={actionData} />
          <LeadTasksCard tasks={loaderData.tasks} asOf={loaderData.tasksAsOf} reply={actionData} />
          <StageCard loaderData={loaderData} actionData={actionData} />
          {loaderData.deal ? <DealCard deal={loaderData.deal} reply={actionData} saved={loaderData.dealSaved} /> : null}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Histórico</h2>
              </CardTitle>
              <p className="text-sm text-muted-foreground">
                Etapas, negócio, tarefas, retornos, anotações e e-mails, do mais antigo ao mais recente.
              </p>
            </CardHeader>
            <CardContent>
              <LeadHistory history={loaderData.history} />
            </CardContent>
          </Card>
        </div>

        <Card className="lg:col-start-1 lg:row-start-2">
          <CardHeader>
            <CardTitle asChild>
              <h2>Reuniões, pedidos e conversas</h2>
            </CardTitle>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {lead.email ? `Do mesmo endereço de e-mail: ${lead.email}` : "Sem e-mail para procurar."}
            </p>
          </CardHeader>
          <CardContent>
            <PersonActivity page={loaderData} />
          </CardContent>
        </Card>

        <Card className="lg:col-start-1 lg:row-start-3">
          <CardHeader>
            <CardTitle asChild>
              <h2>Visita e consentimento</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            {/* The same origin as every lead table stores it (docs/decisions/0087). */}
            <section aria-labelledby="origem-visita" className="grid gap-2">
              <h3 id="origem-visita" className="text-sm font-semibold">
                {ORIGIN_TITLE}
              </h3>
              <AttributionFacts row={loaderData.attribution} />
            </section>
            <section aria-labelledby="consentimento" className="grid gap-2 border-t border-border pt-4">
              <h3 id="consentimento" className="text-sm font-semibold">
                Consentimento
              </h3>
              <Consents consents={loaderData.consents} />
            </section>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** The lead's one form: stage, next follow-up day and a note (docs/decisions/0045, 0064). */
function StageCard({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { lead, notes } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const saving = useNavigation().state === "submitting";
  // A consultation's stage is its request's status: the field says so.
  const consultation = lead.type === "consultas";
  return (
    <Card className="border-primary/30">
      <CardHeader>
        <CardTitle asChild>
          <h2>Etapa, retorno e anotação</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" noValidate>
          <FormField
            id="stage"
            label="Etapa"
            hint={consultation ? "A etapa é o status da solicitação: mudar um é mudar o outro." : undefined}
            error={errors.stage}
          >
            <NativeSelect
              name="stage"
              defaultValue={values?.stage ?? lead.stage}
              key={`stage-${lead.stage}`}
              {...fieldA11y("stage", errors.stage, { hint: consultation })}
            >
              {stagesOf(lead.type).map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {loaderData.deal ? (
            <LostReasonField current={loaderData.deal.lostReason} value={values?.lostReason} error={errors.lostReason} />
          ) : null}
          <FormField id="followUpOn" label="Próximo retorno" hint="Deixe em branco para não agendar retorno." error={errors.followUpOn}>
            <Input
              name="followUpOn"
              type="date"
              defaultValue={values?.followUpOn ?? lead.followUpOn ?? ""}
              key={`follow-${lead.followUpOn}`}
              {...fieldA11y("followUpOn", errors.followUpOn, { hint: true })}
            />
          </FormField>
          <FormField id="note" label="Nova anotação (opcional)" error={errors.note}>
            <Textarea
              name="note"
              rows={4}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={values?.note ?? ""}
              key={`note-${notes}`}
              {...fieldA11y("note", errors.note)}
            />
          </FormField>
          <Button type="submit" disabled={saving}>
            {saving ? "Salvando..." : "Salvar"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
