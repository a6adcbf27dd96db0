import { data, redirect } from "react-router";
import { CheckoutPayment } from "~/components/checkout/checkout-payment";
import { Island } from "~/components/island";
import type { FloatingControlsHandle } from "~/components/site-chrome";
import { Button } from "~/components/ui/button";
import { ArrowLeft, Check } from "~/components/ui/icons";
import { attributionOfRequest } from "~/domain/analytics/attribution.server";
import { paymentsMode, startCheckout } from "~/domain/payments/checkout.server";
import { findCatalogItem, formatBRL } from "~/lib/catalog";
import { paymentMessages as m } from "~/lib/messages/payments";
import { Link } from "~/lib/navigation";
import { personalPage, type PolicyHandle } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout.$type.$id";

export const handle: PolicyHandle & FloatingControlsHandle = { policy: personalPage({ counted: true }), floatingControls: false };

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

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { item, demo } = loaderData;
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

          {/* Alive at once: it asks for the payment session by itself, with a POST (docs/decisions/0122). */}
          <Island
            name="checkout"
            component={CheckoutPayment}
            props={{ item: { kind: item.kind, id: item.id }, demo, error: actionData?.error ?? null }}
            eager
          />
        </div>
      </div>
    </section>
  );
}
