// Análises' funnel when leads outnumber counted visitors (decision 0047): no bar wider than its card.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Funnel } from "~/components/admin/analytics-charts";

const steps = (leads: number) => [
  { step: "visita", label: "Visitantes", value: 2 },
  { step: "widget", label: "Abriram o chat ou a consultoria", value: 1 },
  { step: "formulario", label: "Começaram a preencher um formulário", value: 1 },
  { step: "lead", label: "Leads registrados", value: leads },
];
const widths = (html: string) => [...html.matchAll(/width:\s*([\d.]+)%/g)].map((m) => Number(m[1]));

describe("Funnel", () => {
  it("caps every bar at the card and says why there are more leads than visitors", () => {
    const html = renderToStaticMarkup(<Funnel steps={steps(19)} />);
    expect(widths(html)).toEqual([100, 50, 50, 100]);
    expect(html).toContain('data-testid="funnel-beyond"');
    expect(html).not.toContain("950");
  });

  it("shows each step's share of the visitors when none outnumbers them", () => {
    const html = renderToStaticMarkup(<Funnel steps={steps(1)} />);
    expect(widths(html)).toEqual([100, 50, 50, 50]);
    expect(html).not.toContain("funnel-beyond");
    expect(html).toMatch(/50(<!-- -->)?%.*dos visitantes/);
  });
});
