/**
 * The header's "scrolled" state (SPEC §2: frosted past 10 px): `data-scrolled` on
 * `[data-site-header]`. The `js` class on <html> says this script runs: without it the header is
 * always solid (app.css: the `header-solid` variant).
 */
import type { EarlyContext } from "./context";

/** SPEC §9: header style scroll threshold. */
export const HEADER_SCROLL_THRESHOLD = 10;

export function headerScroll(c: EarlyContext) {
  document.documentElement.classList.add("js");
  const scrolled = () => {
    const header = document.querySelector<HTMLElement>("[data-site-header]");
    if (header) header.dataset.scrolled = String(scrollY > c.threshold);
  };
  addEventListener("scroll", scrolled, { passive: true });
  document.addEventListener("DOMContentLoaded", scrolled);
}
