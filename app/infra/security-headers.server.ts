/**
 * The security headers of every answer (helmet). Two Content-Security-Policies, both written once
 * at start (docs/decisions/0111):
 *
 * - a shared answer (a public page everyone gets the same, kept by caches) allows its inline
 *   scripts by the sha256 of their text. Every one of them is fixed when the site is built (the
 *   early script, the view beacon, the islands' boot script: app/shell/pages.server.ts), so their
 *   hashes are computed at start from the very strings the pages render, never copied by hand;
 * - every other answer (the admin, a page asked with a session, a checkout) allows scripts by a
 *   nonce made for the request and handed to the render in the load context (app/load-context.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import helmet from "helmet";
import { env } from "~/config.server";

/**
 * Powerful browser features the site never uses, switched off for it and anything it could be
 * made to embed (the chat, forms and checkout need none of them).
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** A script's CSP source: the sha256 of its text, as the browser hashes it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function helmetWith(scriptSrc: Array<string | ((req: unknown, res: unknown) => string)>, isDev: boolean) {
  const https = env.SITE_URL.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline' outside development (Vite's client injects scripts there).
        scriptSrc: isDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : scriptSrc,
        // Radix positions popovers with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: isDev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // A checkout posted without JavaScript is redirected to Stripe's page (app/routes/checkout.$type.$id.tsx).
        formAction: ["'self'", "https://checkout.stripe.com"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; sending it on plain http would be noise.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
}

/** A stand-in response that only records the headers helmet sets, and carries the nonce to put in. */
class Recorder {
  readonly headers: Array<[string, string]> = [["Permissions-Policy", PERMISSIONS_POLICY]];
  constructor(readonly nonce?: string) {}
  setHeader(name: string, value: unknown) {
    this.headers.push([name, String(value)]);
  }
  removeHeader() {}
}

/**
 * The security headers of an answer: `shared` (the route policy decides it, server/route-policy.ts)
 * gets the hashes of the public pages' inline scripts, anything else a fresh nonce, which the
 * render puts on its scripts.
 */
export function securityHeaders(
  isDev: boolean,
  publicInlineScripts: readonly string[],
): (shared: boolean) => { headers: Array<[string, string]>; nonce?: string } {
  const hashes = [...new Set(publicInlineScripts.map(scriptHash))];
  const forEveryone = helmetWith(["'self'", ...hashes], isDev);
  const perRequest = helmetWith(["'self'", (_req, res) => `'nonce-${(res as Recorder).nonce}'`], isDev);
  const run = (middleware: ReturnType<typeof helmet>, recorder: Recorder) => {
    // helmet's middleware is synchronous; one that is not would leave headers out unseen.
    let done = false;
    middleware({} as never, recorder as never, (error?: unknown) => {
      if (error) throw error;
      done = true;
    });
    if (!done) throw new Error("helmet did not finish synchronously");
    return recorder.headers;
  };
  const shared = run(forEveryone, new Recorder());
  return (isShared) => {
    if (isShared) return { headers: shared };
    // 122 random bits from the runtime's pooled UUID source.
    const nonce = randomUUID().replaceAll("-", "");
    return { headers: run(perRequest, new Recorder(nonce)), nonce };
  };
}
