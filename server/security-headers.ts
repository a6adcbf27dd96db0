/**
 * The security headers of every answer. helmet writes the policy, but only once, at start: every
 * header but the Content-Security-Policy's nonce is the same for every request, and helmet, asked
 * per request, validated each CSP directive again (about a fifth of a cached page's CPU,
 * docs/decisions/0100). Per request, the kept headers are set and this request's nonce is put in.
 */
import helmet from "helmet";
import { env } from "~/config.server";
import { cspNonceOf } from "./csp-nonce";
import type { Step } from "./front-door";
import type { IncomingMessage, ServerResponse } from "node:http";

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

/** Stands for the nonce while helmet writes the policy once; only base64url characters, as helmet allows. */
const NONCE_MARK = "N0NCEMARK";

function helmetFor(isDev: boolean) {
  const https = env.SITE_URL.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts of the framework carry the per-request nonce; no 'unsafe-inline'.
        scriptSrc: isDev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${NONCE_MARK}'`],
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

/** What helmet sets, asked once with a stand-in request and response that only record. */
function headersOf(isDev: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [["Permissions-Policy", PERMISSIONS_POLICY]];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmetFor(isDev)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous; a version that is not would leave headers out unseen.
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

/** The step that sets the security headers; the CSP carries this response's nonce (server/csp-nonce.ts). */
export function securityHeaders(isDev: boolean): Step {
  const headers = headersOf(isDev);
  return (_req, res, next) => {
    for (const [name, value] of headers) {
      res.setHeader(name, name === "Content-Security-Policy" ? value.replace(NONCE_MARK, cspNonceOf(res)) : value);
    }
    next();
  };
}
