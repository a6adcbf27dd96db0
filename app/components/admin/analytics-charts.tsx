/**
 * The Análises page's charts, drawn on the server as SVG (no chart library, no script): the plot
 * is an SVG that stretches to its box, the labels are HTML so they stay readable from 360 px to
 * 1440 px. Each chart has a text summary, and its numbers in a table (decision 0043).
 */
import { formatDayShort, formatNumber, formatPercent } from "~/lib/analytics-format";
import type { ReactNode } from "react";

export interface SeriesPoint {
  day: string;
  views: number;
  visitors: number;
}

const nice = (max: number) => {
  if (max <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
};

/** Visitors and page views per day: two lines, a legend, a summary and the table of the days. */
export function TrafficChart({ series, id }: { series: SeriesPoint[]; id: string }) {
  const top = nice(Math.max(0, ...series.map((p) => p.views)));
  const n = series.length;
  const [start, end] = [series[0], series.at(-1)];
  if (!start || !end) throw new Error("O gráfico de tráfego precisa de ao menos um dia.");
  const x = (i: number) => (n === 1 ? 50 : (i / (n - 1)) * 100);
  const y = (v: number) => 100 - (v / top) * 100;
  const line = (key: "views" | "visitors") =>
    n === 1 ? `0,${y(start[key])} 100,${y(start[key])}` : series.map((p, i) => `${x(i)},${y(p[key])}`).join(" ");
  const totalViews = series.reduce((a, p) => a + p.views, 0);
  const totalVisitors = series.reduce((a, p) => a + p.visitors, 0);
  const best = series.reduce((a, p) => (p.visitors > a.visitors ? p : a), start);
  const summary =
    totalViews === 0
      ? `Nenhuma visita registrada de ${formatDayShort(start.day)} a ${formatDayShort(end.day)}.`
      : `De ${formatDayShort(start.day)} a ${formatDayShort(end.day)}: ${formatNumber(totalVisitors)} visitantes e ${formatNumber(totalViews)} visualizações. Dia com mais visitantes: ${formatDayShort(best.day)} (${formatNumber(best.visitors)}).`;
  // The first, middle and last days (all of them when there are one or two).
  const middle = Math.floor((n - 1) / 2);
  const labelDays = series.filter((_, i) => i === 0 || i === middle || i === n - 1).map((p) => p.day);

  return (
    <div className="grid gap-3">
      <figure className="grid gap-3" aria-labelledby={`${id}-resumo`}>
        <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
          <div className="flex h-48 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums sm:h-64" aria-hidden>
            <span>{formatNumber(top)}</span>
            <span>{formatNumber(top / 2)}</span>
            <span>0</span>
          </div>
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="h-48 w-full overflow-visible sm:h-64"
            aria-hidden
            focusable="false"
          >
            {[0, 50, 100].map((v) => (
              <line key={v} x1="0" x2="100" y1={v} y2={v} className="stroke-border" strokeWidth="1" vectorEffect="non-scaling-stroke" />
            ))}
            <polygon points={`0,100 ${line("views")} 100,100`} className="fill-primary/10" />
            <polyline
              points={line("views")}
              fill="none"
              className="stroke-primary"
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
            />
            <polyline
              points={line("visitors")}
              fill="none"
              className="stroke-amber-600"
              strokeWidth="2.5"
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
            />
          </svg>
          <span aria-hidden />
          <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
            {labelDays.map((day) => (
              <span key={day}>{formatDayShort(day)}</span>
            ))}
          </div>
        </div>
        <figcaption className="grid gap-2 text-sm">
          <span className="flex flex-wrap gap-4" aria-hidden>
            <span className="inline-flex items-center gap-2">
              <span className="inline-block h-1 w-6 rounded bg-primary" /> Visualizações
            </span>
            <span className="inline-flex items-center gap-2">
              <span className="inline-block h-0 w-6 border-t-2 border-dashed border-amber-600" /> Visitantes
            </span>
          </span>
          <span id={`${id}-resumo`}>{summary}</span>
        </figcaption>
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Ver os números de cada dia</summary>
        <DataTable
          caption="Visitantes e visualizações por dia"
          head={["Dia", "Visitantes", "Visualizações"]}
          rows={series.map((p) => [formatDayShort(p.day), formatNumber(p.visitors), formatNumber(p.views)])}
        />
      </details>
    </div>
  );
}

/**
 * The funnel as bars over an ordered list: each step's count and its share of the visitors. A
 * step can outnumber the visitors (leads from visitors whose counter was blocked, decision 0047):
 * its bar stops at the card's edge and a line says why.
 */
export function Funnel({ steps }: { steps: Array<{ step: string; label: string; value: number }> }) {
  const first = steps[0]?.value ?? 0;
  const beyond = steps.some((s) => s.value > first);
  return (
    <>
      <ol className="grid gap-3" data-testid="funnel">
        {steps.map((s) => {
          const share = first > 0 ? s.value / first : 0;
          return (
            <li key={s.step} className="grid gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{s.label}</span>
                <span className="tabular-nums">
                  <strong>{formatNumber(s.value)}</strong>
                  {s.step !== "visita" && first > 0 && share <= 1 ? (
                    <span className="text-muted-foreground"> ({formatPercent(share)} dos visitantes)</span>
                  ) : null}
                </span>
              </div>
              <div className="h-3 overflow-hidden rounded bg-muted" aria-hidden>
                <div
                  className="h-3 rounded bg-primary"
                  style={{ width: `${Math.min(100, Math.max(share * 100, s.value > 0 ? 1 : 0))}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {beyond ? (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="funnel-beyond">
          Há mais leads que visitantes contados: leads de quem bloqueia o contador de visitas (ou chegou antes do período) não aparecem como
          visita.
        </p>
      ) : null}
    </>
  );
}

/** A plain table: headings, right-aligned numbers, an optional bar in the second column. */
export function DataTable({
  caption,
  head,
  rows,
  bars,
  empty = "Nenhum dado no período.",
  testId,
  textColumns = 1,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  /** Bar widths (0–1) drawn under the first numeric column. */
  bars?: number[];
  empty?: string;
  testId?: string;
  /** Leading columns that hold text (left-aligned); the rest are numbers. */
  textColumns?: number;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <div
      className="relative w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-ring"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is operable by keyboard only when focusable
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-2 font-semibold sm:px-3 ${i < textColumns ? "text-left" : "text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-border last:border-0">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="max-w-[16rem] px-2 py-2 text-left font-normal break-words sm:px-3">
                    {cell}
                    {bars ? <Bar share={bars[r]} /> : null}
                  </th>
                ) : (
                  <td
                    key={i}
                    className={
                      i < textColumns
                        ? "px-2 py-2 text-left break-words sm:px-3"
                        : "px-2 py-2 text-right tabular-nums whitespace-nowrap sm:px-3"
                    }
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The bar under a row's first cell: its share (0–1) of the largest row; above zero never thinner than 2%, never wider than its cell. */
function Bar({ share }: { share: number | undefined }) {
  if (share === undefined) return null;
  return (
    <span
      className="mt-1 block h-1.5 rounded bg-primary/70"
      style={{ width: `${share > 0 ? Math.min(100, Math.max(share * 100, 2)) : 0}%` }}
      aria-hidden
    />
  );
}
