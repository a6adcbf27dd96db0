/** Repairs what a missed webhook left behind (a job, and the admin's sync button), and the admin's order lists. */
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, subscriptions } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { first } from "~/lib/first";
import { CHECKOUT_EXPIRY_HOURS } from "~/lib/messages/payments";
import { type Order, paymentsMode, stripe, type Subscription } from "./checkout.server";
import { fulfilStripeSession } from "./fulfilment.server";
import { syncSubscription } from "./webhook.server";

/** How far back the reconciliation job re-reads Checkout Sessions (they expire after 24 h). */
const RECONCILE_LOOKBACK_SECONDS = 3 * 24 * 3600;
const RECONCILE_MAX_OBJECTS = 500;

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

/**
 * Orders still pending a day after their checkout started are canceled (a job, on every instance:
 * the update is idempotent), so the admin's list holds no 'Pendente' forever: Stripe expires its
 * sessions after 24 h, and a demo checkout nobody finished never ends otherwise. A late success
 * still moves a canceled order to paid (./fulfilment.server.ts). Returns how many expired.
 */
export async function expireAbandonedCheckouts(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CHECKOUT_EXPIRY_HOURS * 3600_000);
  const expired = await db()
    .update(orders)
    .set({ status: "canceled", updatedAt: now })
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, before)))
    .returning({ id: orders.id });
  if (expired.length) logger.info({ orders: expired.length }, "checkouts abandonados expiraram");
  return expired.length;
}

// ---------------------------------------------------------------- admin
export const ORDERS_PAGE_SIZE = 25;
export const ORDER_STATUSES = ["pending", "paid", "failed", "canceled"] as const;

/** One page of orders, newest first (created_at, id: an index), optionally of one status, with the total. */
export async function listOrders(options: { page?: number; status?: string; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? ORDERS_PAGE_SIZE;
  const where = options.status ? eq(orders.status, options.status) : undefined;
  const { value: total } = await db().select({ value: count() }).from(orders).where(where).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows: Order[] = await db()
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

/** The page's figures over every order and subscription, not only the ones shown. */
export async function paymentTotals() {
  const [o, s] = await Promise.all([
    db()
      .select({
        paidCount: sql<number>`count(*) filter (where ${orders.status} = 'paid')`.mapWith(Number),
        paidCents: sql<number>`coalesce(sum(${orders.amountCents}) filter (where ${orders.status} = 'paid'), 0)`.mapWith(Number),
        pendingCount: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      })
      .from(orders)
      .then(first),
    db()
      .select({ value: count() })
      .from(subscriptions)
      .where(inArray(subscriptions.status, ["active", "trialing"]))
      .then(first),
  ]);
  return { ...o, activeSubscriptions: s.value };
}

export async function listSubscriptions(limit = 200): Promise<Subscription[]> {
  return db().select().from(subscriptions).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit);
}
