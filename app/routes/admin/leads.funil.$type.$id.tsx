/**
 * /admin/leads/funil/:type/:id: one lead in the pipeline. One native form sets the stage, the
 * next follow-up day and adds a note; the action applies what changed (each change audited)
 * and answers 303 back here, or 400 with the messages beside the fields and the typed values
 * (one schema reads the form: docs/decisions/0064).
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AttributionFacts } from "~/components/admin/attribution";
import { FollowUp, StageBadge } from "~/components/admin/pipeline";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft, ChevronRight } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { getPipelineLead, pipelineUpdateSchemaOf, updatePipeline } from "~/domain/pipeline.server";
import { formError, parseForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { ORIGIN_TITLE } from "~/lib/origin";
import {
  brasiliaDay,
  isPipelineType,
  NOTE_MAX_LENGTH,
  PIPELINE_TYPE_INFO,
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
  const found = await getPipelineLead(type, id);
  if (!found) throw data(pipelineMessages.notFound, { status: 404 });
  const saved = new URL(request.url).searchParams.get("salvo");
  return data(
    {
      ...found,
      today: brasiliaDay(),
      saved: saved === "1" ? pipelineMessages.saved : saved === "0" ? pipelineMessages.nothingChanged : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const { type, id } = leadParams(params);
  const submission = await parseForm(request, pipelineUpdateSchemaOf(type));
  if (!submission.ok) return formError(submission.reply);
  const result = await updatePipeline(type, id, submission.value, { username: user.username, ip: context.clientIp });
  if (!result) throw data(pipelineMessages.notFound, { status: 404 });
  return redirect(`/admin/leads/funil/${type}/${id}?salvo=${result.changed.length ? 1 : 0}`, 303);
}

export default function PipelineLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, notes, today, saved } = loaderData;
  const info = PIPELINE_TYPE_INFO[lead.type];
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const saving = useNavigation().state === "submitting";
  const facts: Array<[string, React.ReactNode]> = [
    ["Tipo", info.label],
    [
      "E-mail",
      lead.email ? (
        <a href={`mailto:${lead.email}`} className="break-all text-primary hover:underline">
          {lead.email}
        </a>
      ) : null,
    ],
    [lead.type === "candidaturas" ? "Vaga" : "Empresa", lead.type === "candidaturas" ? lead.detail : lead.company],
    ...(lead.type === "consultas"
      ? ([
          ["Área de atuação", lead.detail],
          ["Botão usado", lead.button],
        ] as Array<[string, React.ReactNode]>)
      : []),
    ...(lead.type === "reunioes" ? ([["Reunião (Brasília)", lead.detail]] as Array<[string, React.ReactNode]>) : []),
    ["Recebido em", formatDateTime(lead.createdAt)],
  ];

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link to="/admin/leads" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Voltar ao funil
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="break-all text-3xl font-bold">{lead.name || lead.email || `Lead #${lead.id}`}</h1>
        <StageBadge stage={lead.stage} />
      </div>
      {saved ? (
        <p
          role="status"
          className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium"
          data-testid="pipeline-saved"
        >
          {saved}
        </p>
      ) : null}

      {/* Phones: data, then the form, then the notes; wide screens: the form in its own column. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="lg:col-start-1">
          <CardHeader>
            <CardTitle asChild>
              <h2>Dados do lead</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid gap-3">
              {facts.map(([label, value]) => (
                <div key={label} className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
                  <dd className="min-w-0 break-words">{value || <span className="italic text-muted-foreground">Não informado</span>}</dd>
                </div>
              ))}
              <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
                <dt className="text-sm font-semibold text-muted-foreground">Próximo retorno</dt>
                <dd>
                  <FollowUp day={lead.followUpOn} stage={lead.stage} today={today} />
                </dd>
              </div>
            </dl>
            {/* The same origin as the full record shows, from the same columns (docs/decisions/0087). */}
            <section aria-labelledby="origem-visita" className="grid gap-2 border-t border-border pt-4">
              <h3 id="origem-visita" className="text-sm font-semibold">
                {ORIGIN_TITLE}
              </h3>
              <AttributionFacts row={lead} />
            </section>
            <a
              href={info.record(lead.id)}
              className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              Ver o registro completo <ChevronRight className="size-4" aria-hidden />
            </a>
          </CardContent>
        </Card>

        <Card className="self-start lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CardHeader>
            <CardTitle asChild>
              <h2>Etapa, retorno e anotação</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-4" noValidate>
              <div className="grid gap-1.5">
                <label htmlFor="stage" className="text-sm font-medium">
                  Etapa
                </label>
                <NativeSelect
                  id="stage"
                  name="stage"
                  defaultValue={values?.stage ?? lead.stage}
                  key={`stage-${lead.stage}`}
                  aria-invalid={errors.stage ? true : undefined}
                  aria-describedby={errors.stage ? "stage-error" : lead.type === "consultas" ? "stage-hint" : undefined}
                >
                  {stagesOf(lead.type).map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </NativeSelect>
                {lead.type === "consultas" ? (
                  <p id="stage-hint" className="text-sm text-muted-foreground">
                    A etapa é o status da solicitação: mudar um é mudar o outro.
                  </p>
                ) : null}
                {errors.stage ? (
                  <p id="stage-error" role="alert" className="text-sm text-destructive">
                    {errors.stage}
                  </p>
                ) : null}
              </div>
              <div className="grid gap-1.5">
                <label htmlFor="followUpOn" className="text-sm font-medium">
                  Próximo retorno
                </label>
                <Input
                  id="followUpOn"
                  name="followUpOn"
                  type="date"
                  defaultValue={values?.followUpOn ?? lead.followUpOn ?? ""}
                  key={`follow-${lead.followUpOn}`}
                  aria-invalid={errors.followUpOn ? true : undefined}
                  aria-describedby={errors.followUpOn ? "followUpOn-error followUpOn-hint" : "followUpOn-hint"}
                />
                <p id="followUpOn-hint" className="text-sm text-muted-foreground">
                  Deixe em branco para não agendar retorno.
                </p>
                {errors.followUpOn ? (
                  <p id="followUpOn-error" role="alert" className="text-sm text-destructive">
                    {errors.followUpOn}
                  </p>
                ) : null}
              </div>
              <div className="grid gap-1.5">
                <label htmlFor="note" className="text-sm font-medium">
                  Nova anotação (opcional)
                </label>
                <Textarea
                  id="note"
                  name="note"
                  rows={4}
                  maxLength={NOTE_MAX_LENGTH}
                  defaultValue={values?.note ?? ""}
                  key={`note-${notes.length}`}
                  aria-invalid={errors.note ? true : undefined}
                  aria-describedby={errors.note ? "note-error" : undefined}
                />
                {errors.note ? (
                  <p id="note-error" role="alert" className="text-sm text-destructive">
                    {errors.note}
                  </p>
                ) : null}
              </div>
              <Button type="submit" disabled={saving}>
                {saving ? "Salvando..." : "Salvar"}
              </Button>
            </Form>
          </CardContent>
        </Card>

        <Card className="lg:col-start-1">
          <CardHeader>
            <CardTitle asChild>
              <h2>Anotações</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {notes.length === 0 ? (
              <p className="text-muted-foreground">{pipelineMessages.noNotes}</p>
            ) : (
              <ol className="grid gap-3" data-testid="notes">
                {notes.map((n) => (
                  <li key={n.id} className="rounded-lg border border-border p-3">
                    <p className="text-sm text-muted-foreground">
                      <span className="font-semibold text-foreground">{n.author}</span> ·{" "}
                      <time dateTime={new Date(n.createdAt).toISOString()}>{formatDateTime(n.createdAt)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-line break-words">{n.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
