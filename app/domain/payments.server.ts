/**
 * Payments: hosted Checkout Sessions (Stripe when STRIPE_SECRET_KEY is set, the local demo checkout
 * otherwise), orders and subscriptions, and ONE idempotent fulfilment function (`fulfilCheckout`)
 * used by the webhook, the success page, the demo confirm and the reconciliation job.
 * Prices come only from the catalog; return URLs only from SITE_URL.
 */
import type { Attribution } from "./analytics.server";
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import Stripe from "stripe";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { orders, paymentEvents, subscriptions } from "~/db/schema";
import { CURRENCY, findCatalogItem, formatBRL, type CatalogItem, type CatalogKind } from "~/lib/catalog";
import { paymentMessages } from "~/lib/messages/payments";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { hitRateLimit } from "~/infra/rate-limit.server";

export type PaymentsMode = "stripe" | "demo";
export type OrderStatus = "pending" | "paid" | "failed" | "canceled";
export type Order = typeof orders.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

/** Checkout sessions a visitor may start per address in 10 minutes (each one is a row and, with Stripe, an API call). */
const CHECKOUT_LIMIT = 30;
const CHECKOUT_WINDOW_SECONDS = 600;
/** How far back the reconciliation job re-reads Checkout Sessions (they expire after 24 h). */
const RECONCILE_LOOKBACK_SECONDS = 3 * 24 * 3600;
const RECONCILE_MAX_OBJECTS = 500;

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
export type StartCheckoutResult =
  | { ok: true; url: string; sessionId: string }
  | { ok: false; status: number; message: string };

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
  const limit = await hitRateLimit(`checkout:${ip}`, CHECKOUT_LIMIT, CHECKOUT_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, message: paymentMessages.tooManyAttempts };

  return paymentsMode() === "stripe" ? startStripeCheckout(item, attribution) : startDemoCheckout(item, attribution);
}

async function startDemoCheckout(item: CatalogItem, attribution: Attribution | null): Promise<StartCheckoutResult> {
  const sessionId = `demo_${randomBytes(16).toString("hex")}`;
  await db().insert(orders).values({ ...newOrderValues(item, "demo", sessionId), ...attribution });
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

// ---------------------------------------------------------------- fulfilment (the one function)
/** What a checkout ended as, from whichever source reports it (webhook, success page, demo, job). */
export interface CheckoutOutcome {
  sessionId: string;
  provider: PaymentsMode;
  kind: CatalogKind;
  itemId: string;
  /** Used only if the order row is missing (it normally exists since the session was created). */
  amountCents: number;
  currency: string;
  status: OrderStatus;
  paymentIntentId?: string | null;
  subscriptionId?: string | null;
  customerEmail?: string | null;
  customerName?: string | null;
}

export interface FulfilResult {
  order: Order;
  /** True only for the call that moved the order to a new status. */
  changed: boolean;
}

/**
 * Records a checkout's outcome exactly once. Status only moves forward: pending → paid | failed |
 * canceled, and failed/canceled → paid (a late success), never away from paid; so a repeated or
 * out-of-order report changes nothing twice.
 */
export async function fulfilCheckout(outcome: CheckoutOutcome, executor: Executor = db()): Promise<FulfilResult> {
  const item = findCatalogItem(outcome.kind, outcome.itemId);
  await executor
    .insert(orders)
    .values({
      kind: outcome.kind,
      itemId: outcome.itemId,
      itemName: item?.name ?? outcome.itemId,
      amountCents: item?.priceCents ?? outcome.amountCents,
      currency: outcome.currency,
      status: "pending",
      provider: outcome.provider,
      checkoutSessionId: outcome.sessionId,
    })
    .onConflictDoNothing({ target: orders.checkoutSessionId });

  const details = {
    paymentIntentId: sql`coalesce(${orders.paymentIntentId}, ${outcome.paymentIntentId ?? null})`,
    subscriptionId: sql`coalesce(${orders.subscriptionId}, ${outcome.subscriptionId ?? null})`,
    customerEmail: sql`coalesce(${orders.customerEmail}, ${outcome.customerEmail || null})`,
    customerName: sql`coalesce(${orders.customerName}, ${outcome.customerName || null})`,
  };
  const bySession = eq(orders.checkoutSessionId, outcome.sessionId);
  const allowed =
    outcome.status === "paid" ? ne(orders.status, "paid") : outcome.status === "pending" ? undefined : eq(orders.status, "pending");

  let changed = false;
  if (allowed) {
    const now = new Date();
    const moved = await executor
      .update(orders)
      .set({ ...details, status: outcome.status, updatedAt: now, ...(outcome.status === "paid" ? { paidAt: now } : {}) })
      .where(and(bySession, allowed))
      .returning({ id: orders.id });
    changed = moved.length > 0;
  }
  if (!changed && (outcome.paymentIntentId || outcome.subscriptionId || outcome.customerEmail || outcome.customerName)) {
    await executor.update(orders).set(details).where(bySession); // fills blanks only
  }
  const [order] = await executor.select().from(orders).where(bySession);

  if (outcome.status === "paid" && outcome.kind === "plan" && outcome.subscriptionId) {
    await executor
      .insert(subscriptions)
      .values({
        providerSubscriptionId: outcome.subscriptionId,
        planId: outcome.itemId,
        status: "active",
        customerEmail: outcome.customerEmail || null,
        // Stripe reports the period with invoice.paid; a demo plan simply runs for a month.
        currentPeriodEnd: outcome.provider === "demo" ? oneMonthFromNow() : null,
      })
      .onConflictDoUpdate({
        target: subscriptions.providerSubscriptionId,
        set: { customerEmail: sql`coalesce(${subscriptions.customerEmail}, excluded.customer_email)` },
      });
  }

  if (changed && outcome.status === "paid") {
    logger.info({ orderId: order.id, itemId: order.itemId, provider: order.provider }, "pedido pago");
    await enqueueEmail(executor, {
      kind: "payment.paid",
      subject: `${order.provider === "demo" ? "[demonstração] " : ""}Novo pedido pago: ${order.itemName}`,
      body: [
        `Pedido #${order.id}: ${order.itemName} (${order.kind === "plan" ? "plano mensal" : "produto"})`,
        `Valor: ${formatBRL(order.amountCents)}${order.kind === "plan" ? " por mês" : ""}`,
        `Cliente: ${order.customerName ?? "-"} <${order.customerEmail ?? "e-mail não informado"}>`,
        `Meio: ${order.provider === "demo" ? "checkout de demonstração (sem cobrança)" : "Stripe"}`,
      ].join("\n"),
    });
  }
  return { order, changed };
}

function oneMonthFromNow(): Date {
  const date = new Date();
  date.setMonth(date.getMonth() + 1);
  return date;
}

// ---------------------------------------------------------------- demo checkout
export async function getOrderBySession(sessionId: string): Promise<Order | undefined> {
  const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return order;
}

function demoOutcome(order: Order, status: OrderStatus, customer: { name?: string; email?: string } = {}): CheckoutOutcome {
  return {
    sessionId: order.checkoutSessionId!,
    provider: "demo",
    kind: order.kind as CatalogKind,
    itemId: order.itemId,
    amountCents: order.amountCents,
    currency: order.currency,
    status,
    // Derived from the session id, so a repeated confirm names the same subscription.
    subscriptionId: order.kind === "plan" ? `demo_sub_${order.checkoutSessionId!.slice("demo_".length)}` : null,
    customerEmail: customer.email || null,
    customerName: customer.name || null,
  };
}

/** The demo page's confirm: records the order as paid exactly as the webhook would. */
export async function confirmDemoCheckout(sessionId: string, customer: { name?: string; email?: string }): Promise<FulfilResult | null> {
  const order = await getOrderBySession(sessionId);
  if (!order || order.provider !== "demo") return null;
  return db().transaction((tx) => fulfilCheckout(demoOutcome(order, "paid", customer), tx));
}

export async function cancelDemoCheckout(sessionId: string): Promise<FulfilResult | null> {
  const order = await getOrderBySession(sessionId);
  if (!order || order.provider !== "demo") return null;
  return fulfilCheckout(demoOutcome(order, "canceled"));
}

// ---------------------------------------------------------------- Stripe sessions
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A Stripe Checkout Session as an outcome; null when the session is not one of ours. */
export function outcomeFromSession(session: Stripe.Checkout.Session, override?: OrderStatus): CheckoutOutcome | null {
  const kind = session.metadata?.kind;
  const itemId = session.metadata?.itemId;
  if ((kind !== "product" && kind !== "plan") || !itemId) return null;
  let status: OrderStatus = "pending";
  if (session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required")) {
    status = "paid";
  } else if (session.status === "expired") {
    status = "canceled";
  }
  return {
    sessionId: session.id,
    provider: "stripe",
    kind,
    itemId,
    amountCents: session.amount_total ?? findCatalogItem(kind, itemId)?.priceCents ?? 0,
    currency: session.currency ?? CURRENCY,
    status: override ?? status,
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
  };
}

/** Success page and reconciliation: reads the session from Stripe (unless given) and records it. */
export async function fulfilStripeSession(
  sessionOrId: string | Stripe.Checkout.Session,
  executor: Executor = db(),
): Promise<FulfilResult | null> {
  const session = typeof sessionOrId === "string" ? await stripe().checkout.sessions.retrieve(sessionOrId) : sessionOrId;
  const outcome = outcomeFromSession(session);
  return outcome ? fulfilCheckout(outcome, executor) : null;
}

// ---------------------------------------------------------------- success page and status polling
export interface OrderSummary {
  itemName: string;
  kind: CatalogKind;
  amountCents: number;
  status: OrderStatus;
  provider: PaymentsMode;
}

function summary(order: Order): OrderSummary {
  return {
    itemName: order.itemName,
    kind: order.kind as CatalogKind,
    amountCents: order.amountCents,
    status: order.status as OrderStatus,
    provider: order.provider as PaymentsMode,
  };
}

/**
 * What a session bought, for /payment-success. A Stripe session not yet recorded as paid is read
 * from Stripe and fulfilled here (so a missing webhook never leaves a paid order pending).
 */
export async function describeCheckout(sessionId: string, ip: string): Promise<OrderSummary | null> {
  const order = await getOrderBySession(sessionId);
  if (order?.status === "paid" || sessionId.startsWith("demo_") || paymentsMode() !== "stripe") {
    return order ? summary(order) : null;
  }
  // Each look-up is a Stripe API call: limit them per visitor address.
  const limit = await hitRateLimit(`checkout-lookup:${ip}`, 30, 600);
  if (!limit.allowed) return order ? summary(order) : null;
  try {
    const result = await fulfilStripeSession(sessionId);
    return result ? summary(result.order) : null;
  } catch (error) {
    logger.warn({ err: error, sessionId }, "não foi possível consultar a sessão de checkout no Stripe");
    return order ? summary(order) : null;
  }
}

/** Status for the checkout page's polling (database only; never calls Stripe). */
export async function checkoutStatus(sessionId: string): Promise<OrderStatus | null> {
  const order = await getOrderBySession(sessionId);
  return order ? (order.status as OrderStatus) : null;
}

// ---------------------------------------------------------------- webhook
export type WebhookResult = { status: number; message?: string; duplicate?: boolean };

/** Verifies the signature over the raw body, then applies the event once (by event id). */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookResult> {
  if (!env.STRIPE_WEBHOOK_SECRET) return { status: 400, message: "Webhook do Stripe não configurado." };
  if (!signature) return { status: 400, message: "Assinatura do webhook ausente." };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return { status: 400, message: "Assinatura do webhook inválida." };
  }
  const duplicate = await applyStripeEvent(event);
  return { status: 200, duplicate };
}

/**
 * The event id and its effects are written in one transaction: a failure rolls both back (Stripe
 * retries), a second delivery finds the id and changes nothing. Returns true for a duplicate.
 */
export async function applyStripeEvent(event: Stripe.Event): Promise<boolean> {
  return db().transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (fresh.length === 0) return true;

    const object = event.data.object as unknown;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.expired":
        await fulfilStripeSession(object as Stripe.Checkout.Session, tx);
        break;
      case "checkout.session.async_payment_failed": {
        const outcome = outcomeFromSession(object as Stripe.Checkout.Session, "failed");
        if (outcome) await fulfilCheckout(outcome, tx);
        break;
      }
      case "invoice.paid":
      case "invoice.payment_succeeded":
        await applyInvoice(tx, object as LooseInvoice, true);
        break;
      case "invoice.payment_failed":
        await applyInvoice(tx, object as LooseInvoice, false);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        await syncSubscription(tx, object as Stripe.Subscription, event.type === "customer.subscription.deleted");
        break;
      default:
        logger.debug({ type: event.type }, "evento do Stripe ignorado");
    }
    return false;
  });
}

/** The invoice fields we read, in both the current API shape (parent.subscription_details) and the older one. */
interface LooseInvoice {
  id: string;
  customer_email?: string | null;
  period_end?: number;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string }; metadata?: Record<string, string> | null } | null } | null;
  lines?: { data?: Array<{ period?: { end?: number } }> };
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

async function applyInvoice(executor: Executor, invoice: LooseInvoice, paid: boolean): Promise<void> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
  if (!subscriptionId) return; // a one-off invoice: the checkout session carries the order
  let planId = invoice.parent?.subscription_details?.metadata?.planId;
  if (!planId) {
    const [order] = await executor.select({ itemId: orders.itemId }).from(orders).where(eq(orders.subscriptionId, subscriptionId));
    planId = order?.itemId;
  }
  const periodEnd = toDate(invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end);
  const status = paid ? "active" : "past_due";
  const inserted = await executor
    .insert(subscriptions)
    .values({
      providerSubscriptionId: subscriptionId,
      planId: planId ?? "desconhecido",
      status,
      customerEmail: invoice.customer_email ?? null,
      currentPeriodEnd: periodEnd,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length) return;

  const mine = eq(subscriptions.providerSubscriptionId, subscriptionId);
  const notCanceled = ne(subscriptions.status, "canceled"); // a canceled subscription is never revived
  if (paid) {
    await executor
      .update(subscriptions)
      .set({
        status,
        currentPeriodEnd: periodEnd ? sql`greatest(${subscriptions.currentPeriodEnd}, ${periodEnd.toISOString()}::timestamptz)` : undefined,
        customerEmail: sql`coalesce(${subscriptions.customerEmail}, ${invoice.customer_email ?? null})`,
        updatedAt: new Date(),
      })
      .where(and(mine, notCanceled));
  } else {
    // A failure for a period already paid (a late, out-of-order event) changes nothing.
    const newerPeriod = periodEnd ? or(isNull(subscriptions.currentPeriodEnd), lt(subscriptions.currentPeriodEnd, periodEnd)) : undefined;
    await executor.update(subscriptions).set({ status, updatedAt: new Date() }).where(and(mine, notCanceled, newerPeriod));
  }
}

/** A subscription object (event or reconciliation) into our table; canceled is final. */
export async function syncSubscription(executor: Executor, sub: Stripe.Subscription, deleted = false): Promise<void> {
  const loose = sub as Stripe.Subscription & { current_period_end?: number };
  let planId = sub.metadata?.planId;
  if (!planId) {
    const [order] = await executor.select({ itemId: orders.itemId }).from(orders).where(eq(orders.subscriptionId, sub.id));
    planId = order?.itemId;
  }
  if (!planId) return; // not one of ours
  const status = deleted ? "canceled" : sub.status;
  const periodEnd = toDate(sub.items?.data?.[0]?.current_period_end ?? loose.current_period_end);
  const canceledAt = status === "canceled" ? (toDate(sub.canceled_at ?? sub.ended_at) ?? new Date()) : null;
  const inserted = await executor
    .insert(subscriptions)
    .values({ providerSubscriptionId: sub.id, planId, status, currentPeriodEnd: periodEnd, canceledAt })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length) return;
  await executor
    .update(subscriptions)
    .set({
      status,
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
      ...(canceledAt ? { canceledAt } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.providerSubscriptionId, sub.id), ne(subscriptions.status, "canceled")));
}

// ---------------------------------------------------------------- reconciliation
export interface ReconcileReport {
  sessions: number;
  ordersChanged: number;
  subscriptions: number;
}

/**
 * Re-reads recent Checkout Sessions and the subscriptions from Stripe and applies them through the
 * same idempotent functions, repairing what a missed webhook left behind. Safe on every instance.
 */
export async function reconcileStripe(): Promise<ReconcileReport> {
  const report: ReconcileReport = { sessions: 0, ordersChanged: 0, subscriptions: 0 };
  if (paymentsMode() !== "stripe") return report;
  const since = Math.floor(Date.now() / 1000) - RECONCILE_LOOKBACK_SECONDS;
  for await (const session of stripe().checkout.sessions.list({ created: { gte: since }, limit: 100 })) {
    if (++report.sessions > RECONCILE_MAX_OBJECTS) break;
    if (session.status === "open") continue;
    const result = await db().transaction((tx) => fulfilStripeSession(session, tx));
    if (result?.changed) report.ordersChanged++;
  }
  for await (const sub of stripe().subscriptions.list({ status: "all", limit: 100 })) {
    if (++report.subscriptions > RECONCILE_MAX_OBJECTS) break;
    await syncSubscription(db(), sub);
  }
  if (report.ordersChanged) logger.warn(report, "reconciliação do Stripe corrigiu pedidos");
  return report;
}

// ---------------------------------------------------------------- admin
export async function listOrders(limit = 200): Promise<Order[]> {
  return db().select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

export async function listSubscriptions(limit = 200): Promise<Subscription[]> {
  return db().select().from(subscriptions).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit);
}
