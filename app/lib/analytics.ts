/**
 * Browser side of the page analytics (issue 18): where beacons go and the one the router sends
 * for a client-side navigation (the server counts every page it serves as HTML; a navigation
 * the router renders itself never reaches it as a page request). No cookie, no storage.
 */
export const ANALYTICS_BEACON_PATH = "/api/analytics";

/** Admin and login screens are never counted. */
const NOT_COUNTED = /^\/(admin|login)(\/|$)/;

export function sendNavigationBeacon(pathWithQuery: string): void {
  if (NOT_COUNTED.test(pathWithQuery) || typeof navigator.sendBeacon !== "function") return;
  try {
    navigator.sendBeacon(ANALYTICS_BEACON_PATH, JSON.stringify({ k: "view", p: pathWithQuery }));
  } catch {
    /* analytics never breaks the page */
  }
}
