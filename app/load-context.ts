import "react-router";
import type { SessionUser } from "~/domain/auth/sessions.server";

/** What the host hands every loader and action (server/express-app.ts, `getLoadContext`). */
declare module "react-router" {
  interface AppLoadContext {
    /**
     * This response's Content-Security-Policy nonce; undefined for an answer shared by everyone,
     * whose inline scripts are allowed by their hashes (app/infra/security-headers.server.ts).
     */
    cspNonce: string | undefined;
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
    /**
     * The admin whose session the request carries, or null: looked up once per request, on first
     * use (app/domain/auth/request-session.server.ts). `requireAdmin(context)` reads it; a shared
     * answer always gets null.
     */
    sessionUser: () => Promise<SessionUser | null>;
    /** Called by the render's error handler when the database could not be reached: the answer becomes a 503. */
    databaseUnavailable: () => void;
  }
}

export {};
