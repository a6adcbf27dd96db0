/**
 * The canonical address of a shared answer, which is also its cache key (docs/decisions/0055):
 * the path in its one written form, and only the query parameters its route declares, sorted.
 * Everything else a URL can carry (an ad click's gclid or fbclid, utm_* of an e-mail tool, junk)
 * stays out, so it can neither make a cache miss nor change what is rendered; the visitor's own
 * address, with those parameters, is what analytics reads (the page's view beacon).
 */

/**
 * Parameters ad platforms and e-mail tools add to links. No route may declare them (checked when
 * the route table is built): they describe the visit, never the page.
 */
export const TRACKING_PARAMETERS = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "ref",
]);

export function isTrackingParameter(name: string): boolean {
  return name.startsWith("utm_") || TRACKING_PARAMETERS.has(name);
}

/**
 * The path's one written form: every segment decoded and encoded again the same way, in lower
 * case (routes match without regard to case, and slugs are lower case). Undefined when the path
 * cannot be decoded (the address check answers those with 400).
 */
export function canonicalPath(pathname: string): string | undefined {
  try {
    return pathname
      .split("/")
      .map((segment) => encodeURIComponent(decodeURIComponent(segment).toLowerCase()))
      .join("/");
  } catch {
    return undefined;
  }
}

/** `path?declared=params` in name order (values as given); the query alone for the other use. */
export function canonicalQuery(search: string, declared: readonly string[] | undefined): string {
  if (!declared?.length || search.length <= 1) return "";
  const kept: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(search)) {
    // One value per parameter: the first, as URLSearchParams.get reads it.
    if (declared.includes(name) && value !== "" && !kept.some(([n]) => n === name)) kept.push([name, value]);
  }
  if (!kept.length) return "";
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(kept).toString()}`;
}

/**
 * The parameters of the visitor's address that the canonical one left out: a redirect answered
 * from the cache carries them on, so a campaign's utm_* survive `/blog?pagina=1` → `/blog`.
 */
export function leftOutParameters(search: string, declared: readonly string[] | undefined): string {
  if (search.length <= 1) return "";
  const rest = new URLSearchParams(search);
  for (const name of declared ?? []) rest.delete(name);
  return rest.toString();
}
