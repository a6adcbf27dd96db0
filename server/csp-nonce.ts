/**
 * The per-request nonce of the Content-Security-Policy, kept on the response so the security
 * headers (server/app.ts) and the page render (react-router-handler.ts) share it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const NONCE = Symbol("cspNonce");
type WithNonce = ServerResponse & { [NONCE]?: string };

export function assignCspNonce(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // 122 random bits from the runtime's pooled UUID source: a fresh randomBytes() call per
  // request was the costliest single step of a cached page under load.
  (res as WithNonce)[NONCE] = randomUUID().replaceAll("-", "");
  next();
}

export function cspNonceOf(res: ServerResponse): string {
  return (res as WithNonce)[NONCE] ?? "";
}
