/**
 * Browser side of the page analytics (docs/decisions/0040, 0056): where beacons go and the view a
 * counted page sends of itself. Public pages are documents (docs/decisions/0058): every view is a
 * page load that counts itself. No cookie, no storage.
 */
import { inlineScript } from "./inline-script";

export const ANALYTICS_BEACON_PATH = "/api/analytics";
/** The image a counted page loads when JavaScript is off (app/routes/api/analytics.pixel.ts). */
export const ANALYTICS_PIXEL_PATH = "/api/analytics/pixel";

function countView(beaconUrl: string) {
  const send = () => {
    try {
      navigator.sendBeacon(beaconUrl, JSON.stringify({ k: "view", p: location.pathname + location.search, r: document.referrer }));
    } catch {
      /* analytics never breaks the page */
    }
  };
  // A page the browser prerenders is counted when, and if, it is shown.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", send, { once: true });
  } else send();
}

/**
 * The inline script of every page Análises counts: the page's view, with the address the visitor
 * arrived at (a campaign's utm_* included) and where they came from. The same bytes on every
 * page, so a cached page allows it by hash.
 */
export const VIEW_SCRIPT = inlineScript(countView, ANALYTICS_BEACON_PATH);
