/**
 * The visit that produced a lead (docs/decisions/0042): campaign, source, medium, landing page and
 * referrer, as stored on the lead when it arrived (app/domain/analytics/attribution.server.ts,
 * `attributionFor`). The one way the admin shows a lead's 'Origem da visita': the pipeline's lead
 * page and the full record use this same component (docs/decisions/0087). A lead sent without
 * proof of work is marked here too (docs/decisions/0106).
 */
import { ShieldAlert } from "~/components/ui/icons";
import { DIRECT_VISIT, ORIGIN_COLUMNS, UNVERIFIED_LEAD, type OriginKey } from "~/lib/origin";

export type AttributionValues = Partial<Record<OriginKey | "verified", unknown>>;

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

const TEST_IDS: Record<OriginKey, string> = {
  landingPath: "attribution-landing",
  referrerHost: "attribution-referrer",
  utmSource: "attribution-source",
  utmMedium: "attribution-medium",
  utmCampaign: "attribution-campaign",
};

export function AttributionFacts({ row, compact = false }: { row: AttributionValues; compact?: boolean }) {
  if (row.verified !== false) return <VisitFacts row={row} compact={compact} />;
  return (
    <div className="grid gap-3">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="lead-unverified">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong>{UNVERIFIED_LEAD.title}:</strong> {UNVERIFIED_LEAD.description}
        </span>
      </p>
      <VisitFacts row={row} compact={compact} />
    </div>
  );
}

function VisitFacts({ row, compact }: { row: AttributionValues; compact: boolean }) {
  const facts = ORIGIN_COLUMNS.map((c) => ({ ...c, value: text(row[c.key]) }));
  if (facts.every((f) => !f.value)) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="attribution-none">
        Sem dados da visita (lead anterior às análises ou sem visita registrada).
      </p>
    );
  }
  return (
    <dl className={compact ? "grid gap-1 text-sm" : "grid gap-3 text-sm"} data-testid="attribution">
      {facts.map((f) => (
        <div key={f.key} className={compact ? "flex flex-wrap gap-x-2" : "grid gap-0.5"}>
          <dt className="font-semibold text-muted-foreground">{f.label}</dt>
          <dd className="min-w-0 break-words" data-testid={TEST_IDS[f.key]}>
            {f.value ?? (f.key === "referrerHost" ? DIRECT_VISIT : "—")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
