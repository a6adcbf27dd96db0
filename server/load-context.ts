import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy of inline scripts. */
    cspNonce: string;
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
  }
}

export {};
