/**
 * The islands of the public pages (see app/components/island.tsx) and where the browser loads
 * each one's code from. Each is its own chunk, fetched only by pages that have it.
 *
 * A lead form's island is its folder's `Island` (app/forms/{name}/form.tsx, docs/decisions/0071),
 * found here by the folder's name; the rest are listed.
 */
import type { ComponentType } from "react";

// Props differ per island; they come from the server's JSON, so `any` is the honest type here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loader = () => Promise<ComponentType<any>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const FORM_ISLANDS = import.meta.glob<ComponentType<any>>("../forms/*/form.tsx", { import: "Island" });

export const ISLANDS: Record<string, Loader> = {
  ...Object.fromEntries(Object.entries(FORM_ISLANDS).map(([path, load]) => [path.split("/").at(-2), load])),
  checkout: () => import("~/components/checkout/checkout-payment").then((m) => m.CheckoutPayment),
  bookingTimes: () => import("~/components/booking/booking-times").then((m) => m.BookingTimes),
  countdown: () => import("~/components/checkout/payment-countdown").then((m) => m.PaymentCountdown),
};

/** An island's name: a lead form's folder, or one of the listed parts. */
export type IslandName = string;
