/**
 * The view a counted page sends of itself (docs/decisions/0056): its own inline script, only on
 * the pages Análises counts (VIEW_SCRIPT, app/lib/early-script.ts), with the address the visitor
 * arrived at (a campaign's utm_* included) and where they came from. No cookie, no storage.
 */
export function countView(beaconUrl: string) {
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
