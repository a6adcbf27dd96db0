/**
 * /admin/leads/:type/:id: a newsletter subscription's record (not a sales lead, docs/decisions/0045).
 * A contact, a consultation or an application answers 301 to its one page (docs/decisions/0129).
 */
import { data, Link, redirect } from "react-router";
import { AttributionFacts } from "~/components/admin/attribution";
import { ConsentList } from "~/components/admin/lead-page";
import { LeadValue } from "~/components/admin/lead-value";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { consentHistory, getLead } from "~/domain/leads/admin.server";
import { parseId } from "~/infra/http.server";
import { isLeadType, LEAD_TYPE_INFO } from "~/lib/lead-types";
import { ORIGIN_TITLE } from "~/lib/origin";
import { isPipelineType, leadPagePath } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.$type.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${LEAD_TYPE_INFO[data.type].singular} #${String(data.row.id)}` : "Lead"} | ${SITE_NAME}` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!isLeadType(params.type)) throw data("Tipo de lead desconhecido", { status: 404 });
  const id = parseId(params.id);
  // A contact, a consultation or an application has one page, with its stage (docs/decisions/0129):
  // this older address (the lists' links before it, the notification e-mails) moves there for good.
  if (isPipelineType(params.type)) throw redirect(leadPagePath(params.type, id), 301);
  const row = await getLead(params.type, id);
  if (!row) throw data("Registro não encontrado", { status: 404 });
  const consents = await consentHistory(String(row.email));
  return data({ type: params.type, row, consents }, { headers: { "Cache-Control": "no-store" } });
}

export default function LeadDetail({ loaderData }: Route.ComponentProps) {
  const { type, row, consents } = loaderData;
  const info = LEAD_TYPE_INFO[type];

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
            </dl>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
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

          {consents.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Registros de consentimento</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ConsentList consents={consents} className="grid gap-3 text-sm" />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
