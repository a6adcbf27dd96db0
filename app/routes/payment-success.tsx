import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckCircle2, Clock, Home, ShoppingBag } from "~/components/ui/icons";
import { describeCheckout } from "~/domain/payments/fulfilment.server";
import { formatBRL } from "~/lib/catalog";
import { orderStatusLabels, paymentMessages as m } from "~/lib/messages/payments";
import { personalPage } from "~/lib/route-policy";
import { SESSION_ID_PATTERN } from "~/lib/schemas/payments";
import { seo } from "~/lib/seo";
import type { NoScriptRefreshHandle } from "~/root";
import type { Route } from "./+types/payment-success";

/** SPEC §4/§9: a 5-second countdown, then /produtos. */
const COUNTDOWN_SECONDS = 5;

/** Without JavaScript the browser itself moves on after the same countdown (SPEC §4; root.tsx). */
export const handle: NoScriptRefreshHandle = { policy: personalPage(), noscriptRefresh: `${COUNTDOWN_SECONDS}; url=/produtos` };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  // Stripe's sessions are fulfilled here too (idempotently), in case the webhook is late or missing.
  const order = sessionId && SESSION_ID_PATTERN.test(sessionId) ? await describeCheckout(sessionId, context.clientIp) : null;
  return data({ order }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Pagamento confirmado",
    description: "Confirmação de pagamento dos planos e produtos da Agile IA.",
    noindex: true,
  });

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    if (seconds <= 0) {
      navigate("/produtos");
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, stopped, navigate]);

  const pending = order !== null && order.status !== "paid";
  const Icon = pending ? Clock : CheckCircle2;
  return (
    <section className="bg-muted">
      <div className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 pb-16 pt-28 text-center">
        <span
          className={`flex size-16 items-center justify-center rounded-full ${pending ? "bg-secondary text-primary" : "bg-success/10 text-success"}`}
        >
          <Icon className="size-9" aria-hidden />
        </span>
        <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{pending ? m.pendingTitle : m.successTitle}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{pending ? m.pendingText : m.successText}</p>

        {order && (
          <dl
            className="mt-8 grid w-full gap-3 rounded-2xl border border-border bg-card p-6 text-left shadow-soft sm:grid-cols-3"
            data-testid="order-summary"
          >
            <div className="sm:col-span-3">
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

        <p className="mt-8 text-sm text-muted-foreground" data-testid="countdown">
          {stopped ? m.redirectStopped : m.countdown(Math.max(seconds, 0))}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to="/">
              <Home aria-hidden />
              {m.goHome}
            </Link>
          </Button>
          <Button asChild>
            <Link to="/produtos">
              <ShoppingBag aria-hidden />
              {m.goProducts}
            </Link>
          </Button>
        </div>
        {!stopped && (
          // WCAG 2.2.1: a time limit the visitor can turn off.
          <Button variant="link" size="sm" className="mt-3" onClick={() => setStopped(true)}>
            {m.stayHere}
          </Button>
        )}
      </div>
    </section>
  );
}
