/**
 * One address per page (docs/decisions/0022): `/termos/` answers 308 to `/termos`, keeping the query
 * string, so search engines, the sitemap and the canonical tags all see the form without the
 * trailing slash. A 308 keeps the method and body, so a form posted to the wrong form still
 * arrives. Plain Node request/response, so it runs first in any pipeline.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers the redirect and returns true when the path ends in a slash (other than `/`). */
export function redirectTrailingSlash(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length < 2 || !path.endsWith("/")) return false;
  // Leading slashes or backslashes collapse to one: "//evil.example/" must stay on this site, not
  // become the protocol-relative "//evil.example".
  const target = `/${path.replace(/^[/\\]+/, "").replace(/\/+$/, "")}${queryAt === -1 ? "" : url.slice(queryAt)}`;
  res.statusCode = 308;
  res.setHeader("Location", target);
  res.end();
  return true;
}
