import "react-router";
import type { SessionUser } from "~/domain/auth/sessions.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy of inline scripts. */
    cspNonce: string;
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
    /**
     * The admin whose session the request carries, or null: looked up once per request, on first
     * use (server/session.ts). `requireAdmin(context)` reads it; a shared render always gets null.
     */
    sessionUser: () => Promise<SessionUser | null>;
    /**
     * Set when the answer is read whole before it is sent (a shared page: hashed, compressed and
     * stored). A document is then rendered to one string and handed over here, not as a body
     * (app/entry.server.tsx): the host encodes it once (server/shared-page.ts works on those bytes).
     */
    wholeBody?: { html?: string };
  }
}

export {};
