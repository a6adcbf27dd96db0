/**
 * Starting a payment (SPEC §7): the order row and a Stripe Checkout Session, or the demo checkout
 * when no Stripe key is set. Prices come only from the catalog; return URLs only from SITE_URL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { orders, subscriptions } from "~/db/schema";
import type { Attribution } from "~/domain/analytics/attribution.server";
import { logger } from "~/infra/logger.server";
import { hitNetworkLimit } from "~/infra/rate-limit.server";
import { CURRENCY, findCatalogItem, type CatalogItem, type CatalogKind } from "~/lib/catalog";
import { paymentMessages } from "~/lib/messages/payments";

export type PaymentsMode = "stripe" | "demo";
export type OrderStatus = "pending" | "paid" | "failed" | "canceled";
export type Order = typeof orders.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

/** Checkout sessions a visitor may start per address in 10 minutes (each one is a row and, with Stripe, an API call). */
const CHECKOUT_LIMIT = 30;
const CHECKOUT_WINDOW_SECONDS = 600;

export function paymentsMode(): PaymentsMode {
  return env.STRIPE_SECRET_KEY ? "stripe" : "demo";
}

// ---------------------------------------------------------------- Stripe client
let stripeClient: Stripe | undefined;

/** The SDK client; STRIPE_API_BASE points it at a local fake server in tests. */
export function stripe(): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY não configurada");
  if (!stripeClient) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
    const protocol = base?.protocol === "http:" ? "http" : "https";
    stripeClient = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2, // with the idempotency key, a retried create never makes two sessions
      timeout: 20_000,
      appInfo: { name: "agile-ia-site" },
      ...(base ? { host: base.hostname, port: base.port || (protocol === "http" ? 80 : 443), protocol } : {}),
    });
  }
  return stripeClient;
}

// ---------------------------------------------------------------- starting a checkout
export type StartCheckoutResult = { ok: true; url: string; sessionId: string } | { ok: false; status: number; message: string };

export function successUrl(): string {
  return `${env.SITE_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

export function cancelUrl(): string {
  return `${env.SITE_URL}/produtos`;
}

/** Creates an order and a checkout for a catalog item (browser-given prices and URLs are never used). */
export async function startCheckout(
  kind: CatalogKind,
  itemId: string,
  ip: string,
  attribution: Attribution | null = null,
): Promise<StartCheckoutResult> {
  const item = findCatalogItem(kind, itemId);
  if (!item) {
    return { ok: false, status: 404, message: kind === "plan" ? paymentMessages.planNotFound : paymentMessages.productNotFound };
  }
  const limit = await hitNetworkLimit("checkout", ip, CHECKOUT_LIMIT, CHECKOUT_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, message: paymentMessages.tooManyAttempts };

  return paymentsMode() === "stripe" ? startStripeCheckout(item, attribution) : startDemoCheckout(item, attribution);
}

async function startDemoCheckout(item: CatalogItem, attribution: Attribution | null): Promise<StartCheckoutResult> {
  const sessionId = `demo_${randomBytes(16).toString("hex")}`;
  await db()
    .insert(orders)
    .values({ ...newOrderValues(item, "demo", sessionId), ...attribution });
  // Same origin as the page that asked: the demo checkout is part of this site.
  return { ok: true, url: `/checkout/demo/${sessionId}`, sessionId };
}

async function startStripeCheckout(item: CatalogItem, attribution: Attribution | null): Promise<StartCheckoutResult> {
  const attempt = randomUUID();
  const metadata = { kind: item.kind, itemId: item.id, attempt };
  const isPlan = item.kind === "plan";
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.create(
      {
        mode: isPlan ? "subscription" : "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: item.priceCents,
              product_data: { name: item.name, description: item.description, metadata: { kind: item.kind, itemId: item.id } },
              ...(isPlan ? { recurring: { interval: "month" as const } } : {}),
            },
          },
        ],
        locale: "pt-BR",
        success_url: successUrl(),
        cancel_url: cancelUrl(),
        client_reference_id: attempt,
        metadata,
        ...(isPlan
          ? { subscription_data: { metadata: { planId: item.id } } }
          : { payment_intent_data: { metadata: { kind: item.kind, itemId: item.id } } }),
      },
      { idempotencyKey: `checkout-${attempt}` },
    );
  } catch (error) {
    logger.error({ err: error, itemId: item.id }, "falha ao criar sessão de checkout no Stripe");
    return { ok: false, status: 502, message: paymentMessages.sessionFailed };
  }
  if (!session.url) {
    logger.error({ sessionId: session.id }, "sessão de checkout do Stripe sem URL");
    return { ok: false, status: 502, message: paymentMessages.sessionFailed };
  }
  // If this insert is lost, fulfilment still creates the order from the session's metadata.
  await db()
    .insert(orders)
    .values({ ...newOrderValues(item, "stripe", session.id), ...attribution })
    .onConflictDoNothing({ target: orders.checkoutSessionId });
  return { ok: true, url: session.url, sessionId: session.id };
}

function newOrderValues(item: CatalogItem, provider: PaymentsMode, sessionId: string) {
  return {
    kind: item.kind,
    itemId: item.id,
    itemName: item.name,
    amountCents: item.priceCents,
    currency: CURRENCY,
    status: "pending",
    provider,
    checkoutSessionId: sessionId,
  } satisfies typeof orders.$inferInsert;
}
