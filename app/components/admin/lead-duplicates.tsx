/**
 * Possible duplicates on a lead's page (docs/decisions/0147): the 'possível duplicado' mark, the
 * card listing the other leads with the same e-mail or company domain with a merge that asks
 * first (a link to `?mesclar=<id>`, then a plain form whose two buttons say which lead stays: it
 * works without the page script), the leads merged into this one, and the banner of a merged lead.
 */
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { SavedNotice } from "~/components/admin/saved-notice";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AlertCircle, ChevronRight, Copy } from "~/components/ui/icons";
import type { LeadDuplicates, LeadRef } from "~/domain/leads/duplicates.server";
import { formatDateTime } from "~/lib/dates";
import { duplicateMessages as m } from "~/lib/lead-duplicates";
import { isHiring, leadPagePath, pipelineTypeInfo, stageLabel, type PipelineType } from "~/lib/pipeline";

const refName = (r: LeadRef) => r.name || r.email || `${pipelineTypeInfo(r.type).label} nº ${r.number}`;

/** Beside the stage: 'possível duplicado', a link to the card. */
export function DuplicateMark({ duplicates }: { duplicates: LeadDuplicates }) {
  if (!duplicates.candidates.length || duplicates.mergedInto) return null;
  return (
    <a href="#duplicados" className="rounded-full focus-visible:outline-2 focus-visible:outline-ring" data-testid="duplicate-mark">
      <Badge variant="secondary" className="border-amber-300 bg-amber-100 text-amber-900">
        <Copy aria-hidden />
        {m.inboxMark}
      </Badge>
    </a>
  );
}

/** The lists' small mark on a row whose lead has a possible duplicate (its page lists them). */
export function DuplicateListMark() {
  return (
    <Badge variant="secondary" className="border-amber-300 bg-amber-100 text-amber-900" data-testid="duplicate-list-mark">
      <Copy aria-hidden />
      {m.inboxMark}
    </Badge>
  );
}

/** A merged lead's page says where it went. */
export function MergedBanner({ duplicates }: { duplicates: LeadDuplicates }) {
  const into = duplicates.mergedInto;
  if (!into) return null;
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
      data-testid="merged-banner"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertCircle className="size-4 shrink-0" aria-hidden />
        {m.mergedBanner}
      </p>
      <Link to={leadPagePath(into.type, into.number)} className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
        {m.openSurvivor}: {refName(into)}
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}

interface MergeReply {
  form?: string;
  errors?: Record<string, string>;
}

export function DuplicatesCard({
  duplicates,
  lead,
  reply,
}: {
  duplicates: LeadDuplicates;
  lead: { type: PipelineType; id: number; name: string | null; email: string | null };
  reply?: MergeReply;
}) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const merging = navigation.state !== "idle" && navigation.formData?.get("intent") === "mesclar";
  const asked = Number(params.get("mesclar"));
  const confirming = duplicates.candidates.find((c) => c.leadId === asked);
  const error = reply?.form === "mesclar" ? reply.errors?.merge : undefined;
  const done = params.get("mesclado") === "1";
  const sales = !isHiring(lead.type);
  if (!duplicates.candidates.length && !duplicates.merged.length && !done && !error) return null;
  const here = `${leadPagePath(lead.type, lead.id)}`;
  return (
    <Card id="duplicados" className="scroll-mt-20 border-amber-300" data-testid="duplicates">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Copy className="size-5 text-amber-700" aria-hidden />
            {duplicates.candidates.length ? m.heading : m.mergedHere}
          </h2>
        </CardTitle>
        {duplicates.candidates.length ? <CardDescription>{m.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {done ? (
          <SavedNotice compact data-testid="merge-done">
            {m.done}
          </SavedNotice>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive"
            data-testid="merge-error"
          >
            {error}
          </p>
        ) : null}
        {duplicates.candidates.length ? (
          <ul className="grid gap-2" data-testid="duplicate-candidates">
            {duplicates.candidates.map((c) => (
              <li key={c.leadId} className="grid gap-2 rounded-lg border border-border px-3 py-2 text-sm" data-lead-id={c.leadId}>
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="min-w-0 break-words">
                    <Link to={leadPagePath(c.type, c.number)} className="font-semibold text-primary hover:underline">
                      {refName(c)}
                    </Link>
                    <span className="text-muted-foreground">
                      {" "}
                      · {pipelineTypeInfo(c.type).label} nº {c.number} · {stageLabel(c.stage)} · {formatDateTime(c.createdAt)}
                    </span>
                  </span>
                  <Badge variant="outline">{c.reason === "email" ? m.sameEmail : m.sameDomain(duplicates.domain ?? "")}</Badge>
                </div>
                {c.email && c.email !== refName(c) ? (
                  <span className="text-muted-foreground [overflow-wrap:anywhere]">{c.email}</span>
                ) : null}
                {sales && confirming?.leadId !== c.leadId ? (
                  <Link
                    to={`${here}?mesclar=${c.leadId}#duplicados`}
                    preventScrollReset
                    className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
                    aria-label={`${m.merge} ${refName(c)}`}
                  >
                    {m.merge}
                  </Link>
                ) : null}
                {sales && confirming?.leadId === c.leadId ? (
                  <Form
                    method="post"
                    preventScrollReset
                    className="grid gap-3 rounded-lg bg-muted/60 p-3"
                    aria-labelledby={`mesclar-${c.leadId}`}
                  >
                    <h3 id={`mesclar-${c.leadId}`} className="font-semibold">
                      {m.confirmHeading}
                    </h3>
                    <p className="text-muted-foreground">{m.confirmText}</p>
                    <input type="hidden" name="intent" value="mesclar" />
                    <input type="hidden" name="outro" value={c.leadId} />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" name="manter" value="este" size="sm" disabled={merging}>
                        {m.keepThis} ({lead.name || lead.email || `nº ${lead.id}`})
                      </Button>
                      <Button type="submit" name="manter" value="outro" size="sm" variant="outline" disabled={merging}>
                        {m.keepOther} ({refName(c)})
                      </Button>
                      <Button asChild size="sm" variant="ghost">
                        <Link to={`${here}#duplicados`} preventScrollReset>
                          {m.cancel}
                        </Link>
                      </Button>
                    </div>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {!sales && duplicates.candidates.length ? <p className="text-sm text-muted-foreground">{m.otherPipeline}</p> : null}
        {duplicates.merged.length ? (
          <section aria-labelledby="mesclados" className="grid gap-2">
            {duplicates.candidates.length ? (
              <h3 id="mesclados" className="text-sm font-semibold">
                {m.mergedHere}
              </h3>
            ) : (
              <span id="mesclados" className="sr-only">
                {m.mergedHere}
              </span>
            )}
            <ul className="grid gap-2" data-testid="merged-leads">
              {duplicates.merged.map((r) => (
                <li key={r.leadId} className="rounded-lg border border-dashed border-border px-3 py-2 text-sm">
                  <Link to={leadPagePath(r.type, r.number)} className="font-medium text-primary hover:underline">
                    {refName(r)}
                  </Link>
                  <span className="text-muted-foreground">
                    {" "}
                    · {pipelineTypeInfo(r.type).label} nº {r.number} · {formatDateTime(r.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
