import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { AlertCircle, ArrowLeft, Check, ExternalLink, LockKeyhole, RotateCw } from "~/components/ui/icons";
import { Spinner } from "~/components/ui/spinner";
import { attributionOfRequest } from "~/domain/analytics/attribution.server";
import { paymentsMode, startCheckout } from "~/domain/payments/checkout.server";
import { type ApiAnswer, callApi } from "~/lib/api-client";
import { findCatalogItem, formatBRL, type CatalogItem } from "~/lib/catalog";
import { paymentMessages as m } from "~/lib/messages/payments";
import { personalPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout";

export const handle = { policy: personalPage({ counted: true }) };

/** SPEC §9: after a confirmed payment the checkout page moves on to /payment-success after 2 s. */
const SUCCESS_REDIRECT_MS = 2000;
const POLL_EVERY_MS = 3000;
const POLL_FOR_MS = 45 * 60_000;

export function loader({ params }: Route.LoaderArgs) {
  const type = params.type;
  // SPEC §2: a type other than product/plan (or an id the catalog does not know) goes to /produtos.
  if (type !== "product" && type !== "plan") throw redirect("/produtos");
  const item = findCatalogItem(type, params.id);
  if (!item) throw redirect("/produtos");
  return { item, demo: paymentsMode() === "demo" };
}

/**
 * Without JavaScript the page's button posts here: the payment session is created on the server
 * and the browser goes straight to the payment page (Stripe's, or the demo one).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const item = params.type === "product" || params.type === "plan" ? findCatalogItem(params.type, params.id) : undefined;
  if (!item) throw redirect("/produtos");
  const result = await startCheckout(item.kind, item.id, context.clientIp, await attributionOfRequest(request, context.clientIp));
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(result.url, 303);
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data ? `Checkout: ${args.data.item.name}` : "Checkout",
    description: "Pagamento seguro dos planos e produtos da Agile IA.",
    noindex: true,
  });

type CheckoutState =
  { phase: "loading" } | { phase: "error"; message: string } | { phase: "ready"; url: string; sessionId: string | null; paid: boolean };

/** SPEC §7: POST the item id; a failure yields the server's message or the status text. */
async function createCheckout(item: CatalogItem): Promise<{ url: string; sessionId: string | null }> {
  const endpoint = item.kind === "plan" ? "/api/subscription" : "/api/checkout-session";
  const origin = window.location.origin;
  let answer: ApiAnswer;
  try {
    // The server ignores the two URLs and always uses the site's own pages.
    answer = await callApi(endpoint, {
      json: {
        [item.kind === "plan" ? "planId" : "productId"]: item.id,
        successUrl: `${origin}/payment-success`,
        cancelUrl: `${origin}/produtos`,
      },
    });
  } catch {
    throw new Error(m.networkError);
  }
  if (!answer.ok) throw new Error(answer.message || m.sessionFailed);
  const body = answer.body as { url?: string; sessionId?: string } | undefined;
  const sessionId = body?.sessionId ?? null;
  const url = body?.url || (sessionId ? `https://checkout.stripe.com/pay/${encodeURIComponent(sessionId)}` : null);
  if (!url) throw new Error(m.sessionFailed);
  return { url, sessionId };
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { item, demo } = loaderData;
  const navigate = useNavigate();
  const [state, setState] = useState<CheckoutState>({ phase: "loading" });
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string | null>(null);

  // One session per visit (and per retry), created once the page is on screen.
  useEffect(() => {
    const key = `${item.kind}:${item.id}:${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setState({ phase: "loading" });
    createCheckout(item).then(
      ({ url, sessionId }) => setState({ phase: "ready", url, sessionId, paid: false }),
      (error: unknown) => setState({ phase: "error", message: error instanceof Error ? error.message : m.sessionFailed }),
    );
  }, [item, attempt]);

  // While the visitor pays in the other tab, follow the order; once paid, move on (SPEC §4).
  const sessionId = state.phase === "ready" ? state.sessionId : null;
  const paid = state.phase === "ready" && state.paid;
  useEffect(() => {
    if (!sessionId || paid) return;
    const until = Date.now() + POLL_FOR_MS;
    const timer = setInterval(async () => {
      if (Date.now() > until) return clearInterval(timer);
      if (document.visibilityState === "hidden") return;
      try {
        const answer = await callApi<{ status?: string }>(`/api/checkout-session/${encodeURIComponent(sessionId)}`);
        if (answer.data?.status === "paid") {
          clearInterval(timer);
          setState((s) => (s.phase === "ready" ? { ...s, paid: true } : s));
        }
      } catch {
        /* the next tick tries again */
      }
    }, POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [sessionId, paid]);

  useEffect(() => {
    if (!paid || !sessionId) return;
    const timer = setTimeout(() => navigate(`/payment-success?session_id=${encodeURIComponent(sessionId)}`), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paid, sessionId, navigate]);

  const isPlan = item.kind === "plan";
  return (
    <section className="bg-muted">
      <div className="mx-auto max-w-5xl px-4 pb-16 pt-24 sm:pt-28">
        <Button asChild variant="ghost" size="sm" className="-ml-3 mb-6">
          <Link to="/produtos">
            <ArrowLeft aria-hidden />
            {m.back}
          </Link>
        </Button>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
          <article className="rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8" aria-labelledby="checkout-item">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{isPlan ? "Assinatura mensal" : "Produto avulso"}</p>
            <h1 id="checkout-item" className="mt-2 text-3xl font-bold sm:text-4xl">
              {item.name}
            </h1>
            <p className="mt-4 flex flex-wrap items-baseline gap-x-2" data-testid="checkout-price">
              <span className="font-display text-3xl font-extrabold text-foreground">{formatBRL(item.priceCents)}</span>
              <span className="text-muted-foreground">{isPlan ? "por mês" : "pagamento único"}</span>
            </p>
            <p className="mt-4 text-muted-foreground">{item.description}</p>
            <h2 className="mt-6 text-base font-semibold">{isPlan ? "O plano inclui" : "O que você recebe"}</h2>
            <ul className="mt-3 space-y-2">
              {item.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-sm">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </article>

          <div className="rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <LockKeyhole className="size-5 text-primary" aria-hidden />
              Pagamento
            </h2>
            {demo && (
              <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                {m.demoBanner}
              </p>
            )}
            <noscript>
              {actionData ? (
                <div role="alert" className="mt-5 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
                  <p className="font-semibold text-destructive">{m.errorTitle}</p>
                  <p className="mt-1 text-sm text-foreground">{actionData.error}</p>
                </div>
              ) : null}
              <form method="post" className="mt-5">
                <Button type="submit" size="lg" className="w-full">
                  {m.readyLink}
                </Button>
              </form>
            </noscript>
            <div className="mt-5" aria-live="polite">
              {state.phase === "loading" && (
                // Only with JavaScript (html.js, app/lib/early-script.ts): without it the button above is the way.
                <p role="status" className="hidden items-center gap-3 text-muted-foreground [.js_&]:flex">
                  <Spinner />
                  {m.loading}
                </p>
              )}

              {state.phase === "error" && (
                <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4">
                  <p className="flex items-center gap-2 font-semibold text-destructive">
                    <AlertCircle className="size-5" aria-hidden />
                    {m.errorTitle}
                  </p>
                  <p className="mt-1 text-sm text-foreground">{state.message}</p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Button asChild variant="outline">
                      <Link to="/produtos">
                        <ArrowLeft aria-hidden />
                        {m.back}
                      </Link>
                    </Button>
                    <Button onClick={() => setAttempt((n) => n + 1)}>
                      <RotateCw aria-hidden />
                      {m.retry}
                    </Button>
                  </div>
                </div>
              )}

              {state.phase === "ready" && (
                <div>
                  <p className="font-semibold">{m.readyTitle}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{demo ? m.demoReadyDescription : m.readyDescription}</p>
                  <Button asChild size="lg" className="mt-5 w-full">
                    <a href={state.url} target="_blank" rel="noopener noreferrer" data-testid="checkout-link">
                      {m.readyLink}
                      <ExternalLink aria-hidden />
                      <span className="sr-only"> (abre em uma nova aba)</span>
                    </a>
                  </Button>
                  <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
                    {state.paid ? (
                      <>
                        <Check className="size-4 text-success" aria-hidden />
                        {m.confirmed}
                      </>
                    ) : (
                      <>
                        <Spinner size="sm" />
                        {m.waiting}
                      </>
                    )}
                  </p>
                </div>
              )}
            </div>
            <p className="mt-6 border-t border-border pt-4 text-xs text-muted-foreground">
              Pagamento com cartão processado em ambiente seguro. Os valores são cobrados em reais (BRL)
              {isPlan ? ", mensalmente, até o cancelamento." : ", uma única vez."}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
