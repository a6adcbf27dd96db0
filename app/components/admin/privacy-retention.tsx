/** The privacy page's retention section: the periods of app/lib/privacy.ts and the last runs. */
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Play } from "~/components/ui/icons";
import { privacyTexts as t, RETENTION_COUNT_LABELS, RETENTION_KIND_LABELS } from "~/lib/messages/privacy";
import { formatPeriod, RETENTION, type RetentionKind } from "~/lib/privacy";
import { when } from "./privacy-data";

export interface RunDetails {
  trigger?: string;
  total?: number;
  counts?: Record<string, number>;
}

export interface RetentionRun {
  id: number;
  actor: string | null;
  createdAt: string;
  details: RunDetails | null;
}

export function RetentionSection({ runs, running }: { runs: RetentionRun[]; running: boolean }) {
  return (
    <section aria-labelledby="retencao-heading" className="rounded-xl border border-border bg-background p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="retencao-heading" className="text-lg font-semibold">
            {t.retentionTitle}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t.retentionIntro}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="retention" />
          <Button type="submit" variant="outline" disabled={running}>
            <Play aria-hidden />
            {running ? t.retentionRunning : t.retentionRun}
          </Button>
        </Form>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold">Prazos</h3>
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {(Object.keys(RETENTION) as RetentionKind[]).map((kind) => (
              <li key={kind} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span>
                  {RETENTION_KIND_LABELS[kind]?.label ?? kind}
                  <span className="block text-xs text-muted-foreground">{RETENTION_KIND_LABELS[kind]?.effect}</span>
                </span>
                <span className="font-semibold tabular-nums">{formatPeriod(RETENTION[kind])}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Últimas execuções</h3>
          {runs.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
              {t.retentionNoRuns}
            </p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="retention-runs">
              {runs.map((run) => {
                const counts = Object.entries(run.details?.counts ?? {}).filter(([, n]) => n > 0);
                return (
                  <li key={run.id} className="px-3 py-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="whitespace-nowrap">{when(run.createdAt)}</span>
                      <span className="flex items-center gap-2">
                        <Badge variant={run.details?.trigger === "manual" ? "secondary" : "outline"}>
                          {run.details?.trigger === "manual" ? `Manual · ${run.actor ?? ""}` : "Agendada"}
                        </Badge>
                        <span className="font-semibold tabular-nums">{run.details?.total ?? 0} registro(s)</span>
                      </span>
                    </div>
                    {counts.length > 0 && (
                      <p className="mt-1 text-xs text-muted-foreground">
                        {counts.map(([k, n]) => `${RETENTION_COUNT_LABELS[k] ?? k}: ${n}`).join(" · ")}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
