/**
 * The checkout's payment panel (SPEC §4: loading, error, ready with a link; after success,
 * /payment-success after 2 s). The page itself asks for nothing (docs/decisions/0089, 0122): its
 * GET, a prefetch or a crawler that runs no script create no payment session and no order. The
 * panel's script does, with a POST, once it runs in a page a person is looking at (not while the
 * page is prerendered or in a background tab): the SPEC's loading state, then the error or the
 * ready state with the link that opens the payment page in a new tab. Without JavaScript the
 * panel is a plain form: its button posts to the page's action, which sends the browser straight
 * to the payment page.
 */
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { AlertCircle, ArrowLeft, Check, ExternalLink, LockKeyhole, RotateCw } from "~/components/ui/icons";
import { Spinner } from "~/components/ui/spinner";
import { type ApiAnswer, callApi } from "~/lib/api-client";
import type { CatalogItem } from "~/lib/catalog";
import { paymentMessages as m } from "~/lib/messages/payments";
import { Link } from "~/lib/navigation";

/** SPEC §9: after a confirmed payment the checkout page moves on to /payment-success after 2 s. */
const SUCCESS_REDIRECT_MS = 2000;
const POLL_EVERY_MS = 3000;
const POLL_FOR_MS = 45 * 60_000;

type CheckoutState =
  | { phase: "idle" }
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "ready"; url: string; sessionId: string | null; paid: boolean; opened: boolean };

/** SPEC §7: POST the item id; a failure yields the server's message or the status text. */
async function createCheckout(item: Pick<CatalogItem, "kind" | "id">): Promise<{ url: string; sessionId: string | null }> {
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

export interface CheckoutPaymentProps {
  item: Pick<CatalogItem, "kind" | "id">;
  demo: boolean;
  /** Why the last post without JavaScript failed (the page's action). */
  error: string | null;
}

export function CheckoutPayment({ item, demo, error }: CheckoutPaymentProps) {
  const [state, setState] = useState<CheckoutState>({ phase: "idle" });

  // One payment session: SPEC §4's loading state, then the link (ready) or the error.
  function start(event?: FormEvent) {
    event?.preventDefault();
    setState({ phase: "loading" });
    createCheckout(item).then(
      ({ url, sessionId }) => setState({ phase: "ready", url, sessionId, paid: false, opened: false }),
      (failure: unknown) => setState({ phase: "error", message: failure instanceof Error ? failure.message : m.sessionFailed }),
    );
  }

  // By itself, once a person sees the page: not while it is prerendered or in a background tab.
  useEffect(() => {
    const doc = document as Document & { prerendering?: boolean };
    let started = false;
    const go = () => {
      if (started || doc.prerendering || doc.visibilityState !== "visible") return;
      started = true;
      start();
    };
    go();
    doc.addEventListener("visibilitychange", go);
    doc.addEventListener("prerenderingchange", go);
    return () => {
      doc.removeEventListener("visibilitychange", go);
      doc.removeEventListener("prerenderingchange", go);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel wakes
  }, []);

  // While the visitor pays in the other tab, follow the order; once paid, move on (SPEC §4).
  const sessionId = state.phase === "ready" && state.opened ? state.sessionId : null;
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
    const timer = setTimeout(
      () => window.location.assign(`/payment-success?session_id=${encodeURIComponent(sessionId)}`),
      SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [paid, sessionId]);

  return (
    <div className="rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <LockKeyhole className="size-5 text-primary" aria-hidden />
        Pagamento
      </h2>
      {demo && (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{m.demoBanner}</p>
      )}
      <div className="mt-5" aria-live="polite">
        {state.phase === "idle" && (
          <form method="post" onSubmit={start}>
            {/* Why the last post without JavaScript failed (the page's action). */}
            {error ? (
              <div role="alert" className="mb-5 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
                <p className="font-semibold text-destructive">{m.errorTitle}</p>
                <p className="mt-1 text-sm text-foreground">{error}</p>
              </div>
            ) : null}
            <p className="text-sm text-muted-foreground">{demo ? m.demoReadyDescription : m.readyDescription}</p>
            <Button type="submit" size="lg" className="mt-5 w-full" data-testid="checkout-start">
              {m.readyLink}
            </Button>
          </form>
        )}

        {state.phase === "loading" && (
          <p role="status" className="flex items-center gap-3 text-muted-foreground">
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
              <Button onClick={() => start()}>
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
              <a
                href={state.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="checkout-link"
                onClick={() => setState((s) => (s.phase === "ready" ? { ...s, opened: true } : s))}
              >
                {m.readyLink}
                <ExternalLink aria-hidden />
                <span className="sr-only"> (abre em uma nova aba)</span>
              </a>
            </Button>
            <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
              {!state.opened ? null : state.paid ? (
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
        {item.kind === "plan" ? ", mensalmente, até o cancelamento." : ", uma única vez."}
      </p>
    </div>
  );
}
