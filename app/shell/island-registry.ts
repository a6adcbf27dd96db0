/**
 * The islands of the public pages (see app/components/island.tsx) and where the browser loads
 * each one's code from. Each is its own chunk, fetched only by pages that have it.
 */
import type { ComponentType } from "react";

// Props differ per island; they come from the server's JSON, so `any` is the honest type here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loader = () => Promise<ComponentType<any>>;

export const ISLANDS = {
  chat: () => import("~/components/chat/chat-widget").then((m) => m.ChatWidget),
  consultation: () => import("~/components/forms/consultation-dialog").then((m) => m.ConsultationRequestDialog),
  newsletter: () => import("~/components/forms/newsletter-form").then((m) => m.NewsletterForm),
  contact: () => import("~/components/forms/contact-form").then((m) => m.ContactForm),
  careers: () => import("~/components/forms/careers-form").then((m) => m.CareersForm),
  questionnaire: () => import("~/components/marketing/formulario/form").then((m) => m.QuestionnaireForm),
  checkout: () => import("~/components/checkout/checkout-payment").then((m) => m.CheckoutPayment),
  bookingTimes: () => import("~/components/booking/booking-times").then((m) => m.BookingTimes),
  countdown: () => import("~/components/checkout/payment-countdown").then((m) => m.PaymentCountdown),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof ISLANDS;
