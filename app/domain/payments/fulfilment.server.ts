/**
 * Fulfilment, the one function every path calls (webhook, success page, demo confirm,
 * reconciliation), plus the demo checkout and what the success page and status polling read.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import Stripe from "stripe";
import { db, type Executor } from "~/db/client.server";
import { orders, subscriptions } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { hitNetworkLimit } from "~/infra/rate-limit.server";
import { CURRENCY, findCatalogItem, formatBRL, type CatalogKind } from "~/lib/catalog";
import { first } from "~/lib/first";
import { type Order, type OrderStatus, type PaymentsMode, paymentsMode, stripe } from "./checkout.server";

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
  const bySession = eq(orders.checkoutSessionId, outcome.sessionId);
  // An insert that meets the order already there still takes a number from the id sequence, and
  // each report (webhook, success page, reconciliation) would skip one: ask only for a new order.
  const known = await executor.select({ id: orders.id }).from(orders).where(bySession).limit(1);
  if (known.length === 0)
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
  const order = await executor.select().from(orders).where(bySession).then(first);

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
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
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
  const limit = await hitNetworkLimit("checkout-lookup", ip, 30, 600);
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
