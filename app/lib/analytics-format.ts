/** Numbers and days as the Análises page and its CSV show them (pt-BR); the page's ranges. */
export const RANGE_PRESETS = ["7", "30", "90"] as const;
export const CUSTOM_RANGE = "personalizado";

export interface DateRange {
  preset: (typeof RANGE_PRESETS)[number] | typeof CUSTOM_RANGE;
  from: string;
  to: string;
}

const numberFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

export const formatNumber = (value: number) => numberFormat.format(value);
export const formatPercent = (value: number | null) => (value === null ? "—" : percentFormat.format(value));

/** "2026-11-25" → "25/11/2026" (a calendar day: no time zone to convert). */
export function formatDayShort(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** The goal Análises opens on: every lead type at once (docs/decisions/0085). */
export const ALL_LEADS = "leads";
export const ALL_LEADS_LABEL = "Leads (todos os tipos)";
/** The goal menu's groups: each lead type (a meeting there is one booked by someone new), and the rest. */
export const GOAL_GROUPS = { leads: "Leads por tipo", others: "Outras conversões" } as const;
/** The line of the conversions whose visit Análises did not count. */
export const WITHOUT_VISIT = "Sem visita contada";

export const DEVICE_LABELS: Record<string, string> = { mobile: "Celular", tablet: "Tablet", desktop: "Computador" };
