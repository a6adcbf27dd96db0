import { z } from "zod";
import { paymentMessages } from "~/lib/messages/payments";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

const itemId = z.string({ error: paymentMessages.missingId }).trim().min(1, paymentMessages.missingId).max(100, paymentMessages.missingId);

/**
 * SPEC §7 payloads. successUrl/cancelUrl are accepted for compatibility and ignored: the server
 * always uses the site's own /payment-success and /produtos.
 */
const returnUrls = {
  successUrl: z.unknown().optional(),
  cancelUrl: z.unknown().optional(),
};

export const checkoutSessionSchema = z.object({ productId: itemId, ...returnUrls });
export const subscriptionSchema = z.object({ planId: itemId, ...returnUrls });

/** The optional buyer details of the demo checkout page. */
export const demoCustomerSchema = z.object({
  name: z.string().trim().max(120).optional().default(""),
  email: z
    .string()
    .trim()
    .max(320)
    .optional()
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, paymentMessages.demoEmailInvalid),
});

/** Ids of checkout sessions: Stripe's `cs_...` or our demo `demo_...`. */
export const SESSION_ID_PATTERN = /^(cs_(test_|live_)?|demo_)[A-Za-z0-9_]{8,250}$/;
