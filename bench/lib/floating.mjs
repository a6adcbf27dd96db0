// The floating buttons on a phone (docs/decisions/0059): wherever a reader has scrolled, are the
// WhatsApp button and the 'Consultoria Gratuita' button there, on top, and is the chat button
// labelled? A measurement, not a timed test: each page is opened at 390×844 (a phone: touch,
// mobile viewport), left alone for the spec's 2 s (the WhatsApp button appears then), and looked
// at in 10 scroll positions from its top to its bottom, with nothing focused.
import { chromium } from "playwright";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { log } from "./util.mjs";

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "pt-BR" };
/** SPEC §9's 2 s, plus the 200 ms of its fade. */
const WHATSAPP_SHOWN_AFTER_MS = 2300;

/**
 * Runs in the page: the state of both controls where it is scrolled now. A control is visible when
 * its whole box is inside the viewport, it is painted (visibility, opacity) and it is what a tap
 * at its centre hits; the chat button is labelled when its text 'Consultoria Gratuita' is painted
 * (not visually hidden) and on top as well.
 */
function look() {
  const onTop = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit && el.contains(hit));
  };
  const painted = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility !== "visible" || Number(s.opacity) < 0.99 || s.display === "none") return false;
    }
    return true;
  };
  const visible = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    return inside && painted(el) && onTop(el, r.left + r.width / 2, r.top + r.height / 2);
  };
  const chat = document.querySelector('[data-testid="chat-launcher"]');
  const whatsapp = document.querySelector("[data-floating-whatsapp] a");
  let labelled = false;
  if (chat && visible(chat)) {
    const walker = document.createTreeWalker(chat, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue.includes("Consultoria Gratuita")) continue;
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      // Visually hidden text (sr-only) is a 1 px box clipped away.
      labelled = r.width > 40 && r.height > 8 && painted(node.parentElement) && onTop(chat, r.left + r.width / 2, r.top + r.height / 2);
    }
  }
  return { chat: Boolean(chat && visible(chat)), labelled, whatsapp: visible(whatsapp) };
}

/** pages: paths. Returns per page and in total the share of positions with each control visible. */
export async function runFloatingVisibility(base, pages, { positions = 10, phone = PHONE } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumConfig.path, args: chromiumConfig.args });
  const rows = [];
  try {
    for (const path of pages) {
      const context = await browser.newContext(phone);
      const page = await context.newPage();
      try {
        await page.goto(`${base}${path}`, { waitUntil: "load" });
        await page.waitForTimeout(WHATSAPP_SHOWN_AFTER_MS);
        const samples = [];
        for (let i = 0; i < positions; i++) {
          const fraction = positions === 1 ? 0 : i / (positions - 1);
          await page.evaluate((f) => {
            const top = (document.documentElement.scrollHeight - innerHeight) * f;
            window.scrollTo({ top, behavior: "instant" });
          }, fraction);
          // Whatever reacts to the scroll does so within a few frames, and slides for 200 ms.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          await page.waitForTimeout(350);
          samples.push({ fraction, ...(await page.evaluate(look)) });
        }
        const count = (key) => samples.filter((s) => s[key]).length;
        const row = {
          page: path,
          positions: samples.length,
          chat: count("chat"),
          labelled: count("labelled"),
          whatsapp: count("whatsapp"),
          both: samples.filter((s) => s.labelled && s.whatsapp).length,
          samples,
        };
        log(
          `botões flutuantes ${path}: chat ${row.chat}/${row.positions} (com rótulo ${row.labelled}), WhatsApp ${row.whatsapp}/${row.positions}`,
        );
        rows.push(row);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const total = rows.reduce((n, r) => n + r.positions, 0);
  const share = (key) => (total ? Math.round((1000 * rows.reduce((n, r) => n + r[key], 0)) / total) / 10 : null);
  return {
    viewport: phone.viewport,
    positionsPerPage: positions,
    rows,
    percent: { chat: share("chat"), labelled: share("labelled"), whatsapp: share("whatsapp"), both: share("both") },
  };
}

/** Six public page types: home, a marketing page, the blog, a post, login and a legal page. */
export const FLOATING_PAGES = (postPath) => ["/", "/agentes", "/blog", postPath, "/login", "/privacidade"];
