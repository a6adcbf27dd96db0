import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminTableSection, StackedCell, StackedRow } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RefreshCw } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/native-select";
import { TableHead } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { recordAudit } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { paymentsMode } from "~/domain/payments/checkout.server";
import { listOrders, listSubscriptions, ORDER_STATUSES, paymentTotals, reconcileStripe } from "~/domain/payments/reconciliation.server";
import { queryOf } from "~/infra/forms.server";
import { findCatalogItem, formatBRL } from "~/lib/catalog";
import { formatDate, formatDateTime } from "~/lib/dates";
import { orderExpiryNote, orderStatusLabels, subscriptionStatusLabels } from "~/lib/messages/payments";
import { pageNumber } from "~/lib/schemas/form-fields";
import type { Route } from "./+types/pedidos";

export const meta: Route.MetaFunction = () => [{ title: "Pedidos e assinaturas" }];

const ordersQuery = z.object({ pagina: pageNumber(), situacao: z.enum(ORDER_STATUSES).optional().catch(undefined) });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { pagina, situacao } = queryOf(request, ordersQuery);
  const [orders, subscriptions, totals] = await Promise.all([
    listOrders({ page: pagina, status: situacao }),
    listSubscriptions(),
    paymentTotals(),
  ]);
  return data(
    {
      mode: paymentsMode(),
      status: situacao ?? null,
      pages: { total: orders.total, page: orders.page, pageCount: orders.pageCount },
      orders: orders.rows.map((o) => ({
        id: o.id,
        kind: o.kind,
        itemName: o.itemName,
        amountCents: o.amountCents,
        status: o.status,
        provider: o.provider,
        customerEmail: o.customerEmail,
        customerName: o.customerName,
        landingPath: o.landingPath,
        referrerHost: o.referrerHost,
        utmSource: o.utmSource,
        utmMedium: o.utmMedium,
        utmCampaign: o.utmCampaign,
        createdAt: o.createdAt.toISOString(),
      })),
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        providerSubscriptionId: s.providerSubscriptionId,
        planName: findCatalogItem("plan", s.planId)?.name ?? s.planId,
        priceCents: findCatalogItem("plan", s.planId)?.priceCents ?? null,
        status: s.status,
        customerEmail: s.customerEmail,
        currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
        createdAt: s.createdAt.toISOString(),
      })),
      totals,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Runs the reconciliation with Stripe now (the job also runs it every 10 minutes). */
export async function action({ context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  if (paymentsMode() !== "stripe")
    return data({ ok: false, message: "O Stripe não está configurado (modo de demonstração)." }, { status: 400 });
  try {
    const report = await reconcileStripe();
    await recordAudit({ actor: user.username, action: "payments.reconcile", details: { ...report }, ip: context.clientIp });
    return { ok: true, message: `Sincronização concluída: ${report.sessions} sessões lidas, ${report.ordersChanged} pedidos atualizados.` };
  } catch {
    return data({ ok: false, message: "Não foi possível falar com o Stripe agora. Tente novamente em instantes." }, { status: 502 });
  }
}

const ORDER_BADGE: Record<string, BadgeProps["variant"]> = {
  paid: "success",
  pending: "secondary",
  failed: "destructive",
  canceled: "outline",
};
const SUBSCRIPTION_BADGE: Record<string, BadgeProps["variant"]> = {
  active: "success",
  trialing: "success",
  past_due: "destructive",
  unpaid: "destructive",
  canceled: "outline",
};

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, orders, subscriptions, totals, status, pages } = loaderData;
  const pageHref = (n: number) => {
    const params = new URLSearchParams();
    if (status) params.set("situacao", status);
    if (n > 1) params.set("pagina", String(n));
    const text = params.toString();
    return text ? `/admin/pedidos?${text}` : "/admin/pedidos";
  };
  const navigation = useNavigation();
  const syncing = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (actionData?.message) {
      toast({
        title: actionData.ok ? "Sincronização concluída" : "Erro na sincronização",
        description: actionData.message,
        variant: actionData.ok ? "default" : "destructive",
      });
    }
  }, [actionData]);

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Pedidos e assinaturas"
        description={
          mode === "demo"
            ? "Modo de demonstração: os pedidos são registrados sem nenhuma cobrança real."
            : "Pagamentos pelo Stripe, registrados pelo webhook e conferidos a cada 10 minutos."
        }
        size="compact"
        actions={
          mode === "stripe" && (
            <Form method="post">
              <Button type="submit" variant="outline" disabled={syncing}>
                <RefreshCw className={syncing ? "animate-spin" : undefined} aria-hidden />
                Sincronizar com o Stripe
              </Button>
            </Form>
          )
        }
      />

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label="Pedidos pagos" value={String(totals.paidCount)} />
        <Stat label="Total recebido" value={formatBRL(totals.paidCents)} />
        <Stat label="Pedidos pendentes" value={String(totals.pendingCount)} />
        <Stat label="Assinaturas ativas" value={String(totals.activeSubscriptions)} />
      </dl>

      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar pedidos">
        <div className="grid gap-1.5">
          <label htmlFor="situacao" className="text-sm font-semibold">
            Situação
          </label>
          <NativeSelect key={status ?? ""} id="situacao" name="situacao" defaultValue={status ?? ""} className="w-auto">
            <option value="">Todas</option>
            {Object.keys(orderStatusLabels).map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Filtrar
        </Button>
        <p role="status" className="basis-full text-sm text-muted-foreground" data-testid="orders-total">
          {pages.total === 1 ? "1 pedido" : `${pages.total} pedidos`}
        </p>
        <p className="basis-full text-sm text-muted-foreground" data-testid="orders-expiry">
          {orderExpiryNote}
        </p>
      </Form>

      <AdminTableSection
        id="orders-heading"
        title="Pedidos"
        head={
          <>
            <TableHead>Nº</TableHead>
            <TableHead>Item</TableHead>
            <TableHead>Valor</TableHead>
            <TableHead>Situação</TableHead>
            <TableHead>Cliente</TableHead>
            <TableHead>Origem da visita</TableHead>
            <TableHead>Data</TableHead>
          </>
        }
        isEmpty={orders.length === 0}
        emptyText={status ? "Nenhum pedido nesta situação." : "Nenhum pedido ainda."}
      >
        {orders.map((o) => (
          <StackedRow key={o.id}>
            <StackedCell label="Nº" className="text-muted-foreground">
              #{o.id}
            </StackedCell>
            <StackedCell wide className="max-lg:-order-1">
              {/* the card's title */}
              <span className="font-medium max-lg:text-base">{o.itemName}</span>
              <span className="block text-xs text-muted-foreground">
                {o.kind === "plan" ? "Plano mensal" : "Produto"}
                {o.provider === "demo" ? " · demonstração" : ""}
              </span>
            </StackedCell>
            <StackedCell label="Valor" className="whitespace-nowrap">
              {formatBRL(o.amountCents)}
              {o.kind === "plan" ? "/mês" : ""}
            </StackedCell>
            <StackedCell label="Situação">
              <Badge variant={ORDER_BADGE[o.status] ?? "secondary"}>{orderStatusLabels[o.status] ?? o.status}</Badge>
            </StackedCell>
            <StackedCell label="Cliente" className="break-all lg:break-normal">
              {o.customerEmail ?? <span className="text-muted-foreground">—</span>}
              {o.customerName && <span className="block text-xs text-muted-foreground">{o.customerName}</span>}
            </StackedCell>
            <StackedCell label="Origem da visita" className="text-xs" data-testid="order-attribution">
              {o.utmSource || o.utmMedium || o.utmCampaign ? (
                <span className="block">{[o.utmSource, o.utmMedium, o.utmCampaign].map((v) => v || "—").join(" / ")}</span>
              ) : (
                <span className="block">{o.referrerHost ?? (o.landingPath ? "Acesso direto" : "—")}</span>
              )}
              {o.landingPath && <span className="block break-all text-muted-foreground">entrada: {o.landingPath}</span>}
            </StackedCell>
            <StackedCell label="Data" className="whitespace-nowrap">
              {formatDateTime(o.createdAt)}
            </StackedCell>
          </StackedRow>
        ))}
      </AdminTableSection>
      <AdminPagination page={pages.page} pageCount={pages.pageCount} href={pageHref} />

      <AdminTableSection
        id="subscriptions-heading"
        title="Assinaturas"
        head={
          <>
            <TableHead>Plano</TableHead>
            <TableHead>Valor</TableHead>
            <TableHead>Situação</TableHead>
            <TableHead>Cliente</TableHead>
            <TableHead>Próxima renovação</TableHead>
            <TableHead>Início</TableHead>
          </>
        }
        isEmpty={subscriptions.length === 0}
        emptyText="Nenhuma assinatura ainda."
      >
        {subscriptions.map((s) => (
          <StackedRow key={s.id}>
            <StackedCell wide>
              <span className="font-medium max-lg:text-base">{s.planName}</span>
              {/* The provider's id stays available on hover (support asks for it), not as the row's name. */}
              <span className="block text-xs text-muted-foreground" title={`Identificador no provedor: ${s.providerSubscriptionId}`}>
                Assinatura nº {s.id}
              </span>
            </StackedCell>
            <StackedCell label="Valor" className="whitespace-nowrap">
              {s.priceCents === null ? "—" : `${formatBRL(s.priceCents)}/mês`}
            </StackedCell>
            <StackedCell label="Situação">
              <Badge variant={SUBSCRIPTION_BADGE[s.status] ?? "secondary"}>{subscriptionStatusLabels[s.status] ?? s.status}</Badge>
            </StackedCell>
            <StackedCell label="Cliente" wide className="break-all lg:break-normal">
              {s.customerEmail ?? <span className="text-muted-foreground">—</span>}
            </StackedCell>
            <StackedCell label="Próxima renovação" className="whitespace-nowrap">
              {s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : "—"}
            </StackedCell>
            <StackedCell label="Início" className="whitespace-nowrap">
              {formatDateTime(s.createdAt)}
            </StackedCell>
          </StackedRow>
        ))}
      </AdminTableSection>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-border bg-background p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-display text-xl font-bold sm:text-2xl">{value}</dd>
    </div>
  );
}
