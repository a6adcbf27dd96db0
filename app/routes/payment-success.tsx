import { data } from "react-router";
import { COUNTDOWN_SECONDS, PaymentCountdown } from "~/components/checkout/payment-countdown";
import { Island } from "~/components/island";
import type { FloatingControlsHandle } from "~/components/site-chrome";
import { CheckCircle2, Clock, ShoppingBag } from "~/components/ui/icons";
import { describeCheckout } from "~/domain/payments/fulfilment.server";
import { formatBRL } from "~/lib/catalog";
import { orderStatusLabels, paymentMessages as m } from "~/lib/messages/payments";
import { personalPage } from "~/lib/route-policy";
import { SESSION_ID_PATTERN } from "~/lib/schemas/payments";
import { seo } from "~/lib/seo";
import type { NoScriptRefreshHandle } from "~/root";
import type { Route } from "./+types/payment-success";

/**
 * SPEC §2, §9: the page counts 5 seconds down, then goes to /produtos; without JavaScript the
 * browser itself moves on after the same time (root.tsx). It claims a payment only for one we know
 * (docs/decisions/0089); without one it says so, and still counts down to the products.
 */
export const handle: NoScriptRefreshHandle & FloatingControlsHandle = {
  policy: personalPage(),
  floatingControls: false,
  noscriptRefresh: `${COUNTDOWN_SECONDS}; url=/produtos`,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  // Stripe's sessions are fulfilled here too (idempotently), in case the webhook is late or missing.
  const order = sessionId && SESSION_ID_PATTERN.test(sessionId) ? await describeCheckout(sessionId, context.clientIp) : null;
  return data({ order }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data?.order ? "Pagamento confirmado" : m.noPaymentTitle,
    description: "Confirmação de pagamento dos planos e produtos da Agile IA.",
    noindex: true,
  });

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) return <NoPayment />;
  const pending = order !== null && order.status !== "paid";
  const Icon = pending ? Clock : CheckCircle2;
  return (
    <section className="bg-muted">
      <div className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 pb-16 pt-24 text-center sm:pt-28">
        <span
          className={`flex size-16 items-center justify-center rounded-full ${pending ? "bg-secondary text-primary" : "bg-success/10 text-success"}`}
        >
          <Icon className="size-9" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{pending ? m.pendingTitle : m.successTitle}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{pending ? m.pendingText : m.successText}</p>

        {order && (
          <dl
            className="mt-6 grid w-full grid-cols-2 gap-3 rounded-2xl border border-border bg-card p-5 text-left shadow-soft sm:mt-8 sm:grid-cols-3 sm:p-6"
            data-testid="order-summary"
          >
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                {order.kind === "plan" ? "Plano" : "Produto"}
              </dt>
              <dd className="mt-1 font-display text-xl font-bold">{order.itemName}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Valor</dt>
              <dd className="mt-1 font-semibold">
                {formatBRL(order.amountCents)}
                {order.kind === "plan" ? "/mês" : ""}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Situação</dt>
              <dd className="mt-1 font-semibold">{orderStatusLabels[order.status] ?? order.status}</dd>
            </div>
            {order.provider === "demo" && (
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Modo</dt>
                <dd className="mt-1 font-semibold">Demonstração</dd>
              </div>
            )}
          </dl>
        )}

        {/* Alive at once: it counts down by itself (docs/decisions/0058). */}
        <Island name="countdown" component={PaymentCountdown} props={{ seconds: COUNTDOWN_SECONDS }} eager />
      </div>
    </section>
  );
}

/** /payment-success without a session we know: no success is claimed; the countdown to the products stays (SPEC §2). */
function NoPayment() {
  return (
    <section className="bg-muted">
      <div className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 pb-16 pt-24 text-center sm:pt-28">
        <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
          <ShoppingBag className="size-9" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{m.noPaymentTitle}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{m.noPaymentText}</p>
        {/* The same countdown and buttons as a confirmed payment (SPEC §2): home, products, or stay. */}
        <Island name="countdown" component={PaymentCountdown} props={{ seconds: COUNTDOWN_SECONDS }} eager />
      </div>
    </section>
  );
}
