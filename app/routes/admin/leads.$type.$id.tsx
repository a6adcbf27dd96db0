/** Detail view of one lead; consultations also get their status change here. */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AttributionFacts } from "~/components/admin/attribution";
import { LeadValue } from "~/components/admin/lead-value";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/native-select";
import { recordAudit } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { consentHistory, getLead, updateConsultationStatus } from "~/domain/leads/admin.server";
import { cvSummary } from "~/forms/careers/cv.server";
import { formError, parseForm } from "~/infra/forms.server";
import { parseId } from "~/infra/http.server";
import { formatDateTime } from "~/lib/dates";
import { flashCookie } from "~/lib/flash";
import { formatBytes } from "~/lib/format-bytes";
import { isLeadType, LEAD_TYPE_INFO } from "~/lib/lead-types";
import { adminLeadMessages } from "~/lib/messages/leads";
import { consentPlaceLabel, consentPurposeLabel, ORIGIN_TITLE } from "~/lib/origin";
import { isPipelineType } from "~/lib/pipeline";
import { CONSULTATION_STATUSES, consultationStatusSchema } from "~/lib/schemas/leads";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.$type.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${LEAD_TYPE_INFO[data.type].singular} #${String(data.row.id)}` : "Lead"} | ${SITE_NAME}` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!isLeadType(params.type)) throw data("Tipo de lead desconhecido", { status: 404 });
  const row = await getLead(params.type, parseId(params.id));
  if (!row) throw data("Registro não encontrado", { status: 404 });
  const consents = params.type === "contatos" || params.type === "newsletter" ? await consentHistory(String(row.email)) : [];
  // An application's CV (docs/decisions/0093): its name and size here, its bytes only through the download.
  const cv = params.type === "candidaturas" ? await cvSummary(Number(row.id)) : null;
  return data({ type: params.type, row, consents, cv }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  if (params.type !== "consultas") throw data("Ação não permitida", { status: 405 });
  const id = parseId(params.id);
  const submission = await parseForm(request, consultationStatusSchema);
  if (!submission.ok) return formError(submission.reply);
  const { status } = submission.value;
  const updated = await updateConsultationStatus(id, status);
  if (!updated) throw data("Registro não encontrado", { status: 404 });
  await recordAudit({
    actor: user.username,
    action: "lead.consultation.status",
    target: `consultation:${id}`,
    details: { from: updated.previous, to: status },
    ip: context.clientIp,
  });
  return redirect(`/admin/leads/consultas/${id}`, { headers: { "Set-Cookie": flashCookie(adminLeadMessages.statusUpdated) } });
}

export default function LeadDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { type, row, consents, cv } = loaderData;
  const info = LEAD_TYPE_INFO[type];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link to={`/admin/leads/${type}`} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Voltar para {info.title.toLowerCase()}
      </Link>
      <h1 className="text-3xl font-bold">
        {info.singular} #{String(row.id)}
      </h1>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardContent>
            <dl className="grid gap-5" data-testid="lead-detail">
              {info.fields.map((f) => (
                <div key={f.key} className="grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="text-sm font-semibold text-muted-foreground">{f.label}</dt>
                  <dd className="min-w-0">
                    <LeadValue field={f} value={row[f.key]} />
                  </dd>
                </div>
              ))}
              {type === "candidaturas" ? (
                <div className="grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="text-sm font-semibold text-muted-foreground">Currículo</dt>
                  <dd className="min-w-0">
                    {cv ? (
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="[overflow-wrap:anywhere]">
                          {cv.fileName} ({formatBytes(cv.size)})
                        </span>
                        {/* A plain link: the browser downloads it (Content-Disposition: attachment). */}
                        <a
                          href={`/admin/leads/candidaturas/${String(row.id)}/curriculo`}
                          download
                          className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
                        >
                          Baixar currículo
                        </a>
                      </span>
                    ) : (
                      <span className="text-muted-foreground">Não enviado</span>
                    )}
                  </dd>
                </div>
              ) : null}
            </dl>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          {isPipelineType(type) ? (
            <Button asChild variant="outline">
              <Link to={`/admin/leads/funil/${type}/${String(row.id)}`}>Etapa, retorno e anotações no funil</Link>
            </Button>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{ORIGIN_TITLE}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <AttributionFacts row={row} />
            </CardContent>
          </Card>

          {type === "consultas" ? (
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Etapa</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <Form method="post" className="grid gap-3">
                  <label htmlFor="status" className="text-sm font-medium">
                    Etapa da solicitação
                  </label>
                  <NativeSelect id="status" name="status" defaultValue={String(row.status)} key={String(row.status)}>
                    {CONSULTATION_STATUSES.map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </NativeSelect>
                  {actionData?.errors?.status ? (
                    <p role="alert" className="text-sm text-destructive">
                      {actionData.errors.status}
                    </p>
                  ) : null}
                  <Button type="submit" disabled={saving}>
                    {saving ? "Salvando..." : "Salvar etapa"}
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : null}

          {consents.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Registros de consentimento</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-3 text-sm">
                  {consents.map((c) => (
                    <li key={c.id} className="rounded-lg border border-border p-3">
                      <p className="font-medium">
                        {c.action === "withdrawn" ? "Consentimento retirado" : "Consentimento concedido"} ({consentPurposeLabel(c.purpose)})
                      </p>
                      <p className="text-muted-foreground">
                        {formatDateTime(c.createdAt)} · política {c.policyVersion} · {consentPlaceLabel(c.source)}
                      </p>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
