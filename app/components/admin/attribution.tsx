/**
 * The visit that produced a lead (docs/decisions/0042): landing page, referrer and UTM, as stored on the lead
 * when it arrived (app/domain/analytics/attribution.server.ts, `attributionFor`). Shown on each lead's view.
 */
export interface AttributionValues {
  landingPath?: unknown;
  referrerHost?: unknown;
  utmSource?: unknown;
  utmMedium?: unknown;
  utmCampaign?: unknown;
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

export function AttributionFacts({ row, compact = false }: { row: AttributionValues; compact?: boolean }) {
  const facts = [
    { label: "Página de entrada", value: text(row.landingPath), testId: "attribution-landing" },
    { label: "Site de origem", value: text(row.referrerHost), testId: "attribution-referrer" },
    { label: "Origem da campanha (utm_source)", value: text(row.utmSource), testId: "attribution-source" },
    { label: "Meio (utm_medium)", value: text(row.utmMedium), testId: "attribution-medium" },
    { label: "Campanha (utm_campaign)", value: text(row.utmCampaign), testId: "attribution-campaign" },
  ];
  if (facts.every((f) => !f.value)) {
    return <p className="text-sm text-muted-foreground">Sem dados da visita (lead anterior às análises ou sem visita registrada).</p>;
  }
  return (
    <dl className={compact ? "grid gap-1 text-sm" : "grid gap-3 text-sm"} data-testid="attribution">
      {facts.map((f) => (
        <div key={f.label} className={compact ? "flex flex-wrap gap-x-2" : "grid gap-0.5"}>
          <dt className="font-semibold text-muted-foreground">{f.label}</dt>
          <dd className="min-w-0 break-words" data-testid={f.testId}>
            {f.value ?? (f.label === "Site de origem" ? "Acesso direto" : "—")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
