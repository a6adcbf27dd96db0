/**
 * The route table's answer for a path, for domain code that must know what a path is (is it a
 * page Análises counts?) without a request in hand. The server registers the table it built from
 * the routes' declared policies (server/app.ts, docs/decisions/0055); before that, and in code
 * that runs without a server, every path is private.
 */
import { PRIVATE, type RoutePolicy } from "~/lib/route-policy";

let lookup: ((path: string) => RoutePolicy) | undefined;

export function setRouteLookup(find: (path: string) => RoutePolicy): void {
  lookup = find;
}

export function policyForPath(path: string): RoutePolicy {
  return lookup?.(path) ?? PRIVATE;
}

/** A page whose views Análises counts. */
export function isCountedPage(path: string): boolean {
  return path.startsWith("/") && path.length <= 300 && policyForPath(path).counted === true;
}
