/**
 * One address per page (docs/decisions/0022): `/termos/` answers 308 to `/termos`, keeping the query
 * string, so search engines, the sitemap and the canonical tags all see the form without the
 * trailing slash. A 308 keeps the method and body, so a form posted to the wrong form still
 * arrives. The host answers the redirect (server/express-app.ts).
 */

/** Where a request for `url` is redirected, when its path ends in a slash (other than `/`); else undefined. */
export function trailingSlashTarget(url: string): string | undefined {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length < 2 || !path.endsWith("/")) return undefined;
  // Leading slashes or backslashes collapse to one: "//evil.example/" must stay on this site, not
  // become the protocol-relative "//evil.example".
  return `/${path.replace(/^[/\\]+/, "").replace(/\/+$/, "")}${queryAt === -1 ? "" : url.slice(queryAt)}`;
}
