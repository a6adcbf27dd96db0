/**
 * The dashboard's card of the open pipeline (docs/decisions/0142, 0143): how many deals are open,
 * their value and their weighted value (each deal's value × its stage's probability), from the
 * board's own totals (`pipelineTotals`), with the way to the board.
 */
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ChevronRight, Handshake } from "~/components/ui/icons";
import type { PipelineTotals } from "~/domain/deals.server";
import { formatBRL } from "~/lib/deals";

export function PipelineSummaryCard({ open }: { open: PipelineTotals["open"] }) {
  const items = [
    { label: "Negócios em aberto", value: open.count.toLocaleString("pt-BR"), testid: "pipeline-open-count" },
    { label: "Valor", value: formatBRL(open.valueCents), testid: "pipeline-open-value" },
    { label: "Valor ponderado", value: formatBRL(open.weightedCents), testid: "pipeline-open-weighted" },
  ];
  return (
    <Card data-testid="pipeline-summary">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Handshake className="size-5 text-primary" aria-hidden />
            Funil de vendas
          </h2>
        </CardTitle>
        <CardDescription>
          Novo, Em contato e Proposta enviada; o ponderado multiplica cada valor pela probabilidade da etapa.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          {items.map((item) => (
            <div key={item.label} className="min-w-0 rounded-lg border border-border p-3" data-testid={item.testid}>
              <dt className="text-sm text-muted-foreground">{item.label}</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums [overflow-wrap:anywhere]">{item.value}</dd>
            </div>
          ))}
        </dl>
        <Link to="/admin/leads/negocios" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
          Ver negócios por etapa <ChevronRight className="size-4" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
