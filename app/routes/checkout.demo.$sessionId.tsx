import { data, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { FlaskConical, LockKeyhole } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { cancelDemoCheckout, confirmDemoCheckout, getOrderBySession } from "~/domain/payments/fulfilment.server";
import { fieldErrors, readBody } from "~/infra/http.server";
import { formatBRL } from "~/lib/catalog";
import { loadAsDocument, PUBLIC_DOCUMENT } from "~/lib/document-page";
import { flashCookie } from "~/lib/flash";
import { paymentMessages as m } from "~/lib/messages/payments";
import { Link } from "~/lib/navigation";
import { personalPage } from "~/lib/route-policy";
import { demoCustomerSchema, SESSION_ID_PATTERN } from "~/lib/schemas/payments";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/checkout.demo.$sessionId";

/** A public page outside the site's layout: a document like the others (docs/decisions/0058). */
export const handle = { policy: personalPage(), ...PUBLIC_DOCUMENT };
export const clientLoader = loadAsDocument;

/**
 * The local stand-in for the hosted checkout when STRIPE_SECRET_KEY is unset: clearly labelled,
 * no card, no charge. Confirm records the order through the same fulfilment as the webhook.
 */
async function demoOrder(sessionId: string) {
  const order = SESSION_ID_PATTERN.test(sessionId) && sessionId.startsWith("demo_") ? await getOrderBySession(sessionId) : undefined;
  if (!order || order.provider !== "demo") throw data(null, { status: 404 });
  return order;
}

const successPath = (sessionId: string) => `/payment-success?session_id=${encodeURIComponent(sessionId)}`;

export async function loader({ params }: Route.LoaderArgs) {
  const order = await demoOrder(params.sessionId);
  if (order.status === "paid") throw redirect(successPath(params.sessionId));
  return data(
    {
      itemName: order.itemName,
      kind: order.kind,
      amountCents: order.amountCents,
      open: order.status === "pending",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const order = await demoOrder(params.sessionId);
  const body = await readBody(request);
  if (body.intent === "cancel") {
    await cancelDemoCheckout(order.checkoutSessionId!);
    return redirect("/produtos", { headers: { "Set-Cookie": flashCookie(m.demoCanceledToast) } });
  }
  const parsed = demoCustomerSchema.safeParse(body);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  if (order.status !== "pending" && order.status !== "paid") {
    return data({ errors: { _: m.demoAlreadyClosed } as Record<string, string> }, { status: 409 });
  }
  await confirmDemoCheckout(order.checkoutSessionId!, parsed.data);
  return redirect(successPath(order.checkoutSessionId!));
}

export const meta: Route.MetaFunction = () => [
  { title: `Checkout de demonstração | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DemoCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { itemName, kind, amountCents, open } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const isPlan = kind === "plan";

  return (
    <div className="min-h-screen bg-muted">
      <header className="bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-950">
        <p>
          <FlaskConical className="mr-2 inline size-4 align-[-2px]" aria-hidden />
          {m.demoBanner}
        </p>
      </header>
      <main className="mx-auto max-w-lg px-4 py-10 sm:py-16">
        <p className="font-display text-lg font-extrabold">{SITE_NAME}</p>
        <h1 className="mt-1 text-2xl font-bold">Checkout de demonstração</h1>

        <div className="mt-6 rounded-2xl border border-border bg-card p-6 shadow-soft">
          <p className="text-sm text-muted-foreground">{isPlan ? "Assinatura mensal" : "Pagamento único"}</p>
          <p className="mt-1 font-display text-xl font-bold">{itemName}</p>
          <p className="mt-3 flex items-baseline justify-between border-t border-border pt-3">
            <span className="text-muted-foreground">Total</span>
            <span className="font-display text-2xl font-extrabold" data-testid="demo-total">
              {formatBRL(amountCents)}
              {isPlan && <span className="text-base font-semibold text-muted-foreground">/mês</span>}
            </span>
          </p>
        </div>

        {open ? (
          // A plain form that posts, with or without JavaScript (docs/decisions/0058); busy while it does.
          <form
            method="post"
            className="mt-6 space-y-5 rounded-2xl border border-border bg-card p-6 shadow-soft"
            noValidate
            data-busy-label=""
          >
            <p className="text-sm text-muted-foreground">{m.demoIntro}</p>
            <FormField id="name" label={m.demoNameLabel} error={errors.name}>
              <Input name="name" autoComplete="name" maxLength={120} {...fieldA11y("name", errors.name)} />
            </FormField>
            <FormField id="email" label={m.demoEmailLabel} error={errors.email}>
              <Input name="email" type="email" autoComplete="email" maxLength={320} {...fieldA11y("email", errors.email)} />
            </FormField>
            {errors._ && (
              <p role="alert" className="text-sm text-destructive">
                {errors._}
              </p>
            )}
            <div className="flex flex-col gap-3">
              <Button type="submit" name="intent" value="confirm" size="lg" data-busy-label={m.demoConfirming}>
                <LockKeyhole aria-hidden />
                {m.demoConfirm}
              </Button>
              <Button type="submit" name="intent" value="cancel" variant="outline">
                {m.demoCancel}
              </Button>
            </div>
          </form>
        ) : (
          <div className="mt-6 rounded-2xl border border-border bg-card p-6 text-center shadow-soft">
            <p>{m.demoAlreadyClosed}</p>
            <Button asChild className="mt-4">
              <Link to="/produtos">{m.back}</Link>
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}
