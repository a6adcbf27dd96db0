/**
 * An idempotency key in every lead form, so a double submit stores the lead once
 * (app/infra/idempotency.server.ts): the hidden field gets 32 random hex digits when the form is
 * first sent, and keeps them for a second send.
 */
import type { EarlyContext } from "./context";

/** Hidden field of every lead form. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
/** Header with which the browser's JSON submits carry the same key. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function idempotencyKey(c: EarlyContext) {
  document.addEventListener(
    "submit",
    (event) => {
      const key = (event.target as HTMLFormElement).elements.namedItem(c.keyField) as HTMLInputElement | null;
      if (key && !key.value)
        key.value = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
    },
    true,
  );
}
