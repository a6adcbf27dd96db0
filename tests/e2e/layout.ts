/**
 * Layout checks (docs/decisions/0020) shared by layout.spec.ts and layout-admin.spec.ts. They run on their
 * own server with a fresh in-memory database (the layout projects of playwright.config.ts), so
 * every run sees the same data.
 */
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { settleAnimations, skipWhatsAppDelay } from "./helpers";

export const WIDTHS = [360, 768, 1440] as const;
const HEIGHT = { 360: 740, 768: 1024, 1440: 900 } as const;

export const ADMIN_PAGES = {
  "admin-blog": "/admin",
  "admin-blog-categorias": "/admin?aba=categorias",
  "admin-painel": "/admin/dashboard",
  "admin-questionarios": "/admin/business-optimizations",
  "admin-funil": "/admin/leads",
  "admin-agenda": "/admin/agenda",
  "admin-leads": "/admin/leads/contatos",
  "admin-conversas": "/admin/conversas",
  "admin-pedidos": "/admin/pedidos",
  "admin-privacidade": "/admin/privacidade",
  "admin-auditoria": "/admin/auditoria",
};
/** The admin's session, written by layout.setup.ts (one login, so the audit log is the same every run). */
export const ADMIN_STATE = `.tmp/layout-admin-state-${process.env.E2E_PORT ?? 3210}.json`;

/**
 * Opens a page ready for a stable picture: the brand fonts are used (the stylesheet asks for
 * `font-display: optional`, which may keep the fallback font when the machine is busy; here it
 * waits for them instead), and every finite animation has finished, the floating WhatsApp
 * button's 2-second appearance included.
 */
export async function open(page: Page, url: string, width: (typeof WIDTHS)[number]) {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  await page.route("**/assets/*.css", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replaceAll("font-display:optional", "font-display:block") });
  });
  // '/payment-success' (no payment to confirm here) leaves for /produtos 5 s after its script
  // runs, and a slow load can use them all before the tap: its clock is held until the visitor
  // has stopped the countdown, as they may, and then runs on.
  const countdown = url.startsWith("/payment-success");
  if (countdown) {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
  }
  await page.goto(url);
  // Hydrated first: React must not put the original dates back after they are rewritten below.
  await page.locator("html[data-hydrated]").waitFor();
  // The checkout, which changes by itself, in the state a visitor then sees: ready with its link
  // (decision 0122).
  if (url.startsWith("/checkout/")) await page.getByTestId("checkout-link").waitFor();
  if (countdown) {
    await page.getByRole("button", { name: "Permanecer nesta página" }).click();
    await page.getByText("Redirecionamento automático cancelado.").waitFor();
    await page.clock.resume();
  }
  await page.evaluate(() => document.fonts.ready);
  // Dates are masked, but their length still sets column widths: give them all the same text.
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      node.nodeValue = node
        .nodeValue!.replace(/\d{2}\/\d{2}\/\d{4}(,? \d{2}:\d{2}(:\d{2})?)?/g, (d) => d.replace(/\d/g, "0"))
        .replace(/\d{1,2} de [a-zç]+ de \d{4}/g, "1 de janeiro de 2000");
    }
  });
  await skipWhatsAppDelay(page);
  await settleAnimations(page);
}

/** Dates, the copyright year and the countdown change from day to day: masked. */
export function changing(page: Page) {
  return [
    page.locator("time"),
    page.getByText(/\d{2}\/\d{2}\/\d{4}|\d{1,2} de [a-zç]+ de \d{4}|©/),
    page.locator("[data-testid=countdown]"),
  ];
}

const STYLE = path.join(import.meta.dirname, "screenshot.css");
/** Options of every layout picture: the whole page, and time for a tall one on a busy machine. */
export const PICTURE = { fullPage: true, stylePath: STYLE, timeout: 20_000 };

/**
 * Text covered by a visible fixed control (a fixed element that is or holds a link, button or
 * field) in the viewport: each pair as "control name → text". Text inside fixed elements is theirs.
 * With `floating: false` the floating buttons do not count (they may be over text mid-page).
 */
export function coveredText(page: Page, { floating = true } = {}) {
  return page.evaluate((floating) => {
    const visible = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility !== "visible" || Number(s.opacity) === 0 || s.display === "none") return false;
      }
      return true;
    };
    // What of a box its scrolling or clipping ancestors let show (visually hidden text shows nothing).
    const shown = (r: DOMRect, el: Element) => {
      let { left, top, right, bottom } = r;
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === "visible" && s.overflowY === "visible" && s.clipPath === "none") continue;
        const c = e.getBoundingClientRect();
        ({ left, top, right, bottom } = {
          left: Math.max(left, c.left),
          top: Math.max(top, c.top),
          right: Math.min(right, c.right),
          bottom: Math.min(bottom, c.bottom),
        });
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };
    const inViewport = (r: DOMRect) =>
      r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 1 && r.height > 1;
    const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (el) =>
        getComputedStyle(el).position === "fixed" &&
        el.matches("a, button, input, select, textarea, :has(a, button, input, select, textarea)") &&
        inViewport(el.getBoundingClientRect()) &&
        visible(el) &&
        (floating || !el.matches("[data-floating-control]")),
    );
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (!/\S/.test(node.nodeValue ?? "") || fixed.some((f) => f.contains(parent)) || !visible(parent)) continue;
      range.selectNodeContents(node);
      for (const textRect of range.getClientRects()) {
        const rect = shown(textRect, parent);
        if (!inViewport(rect)) continue;
        for (const control of fixed) {
          const c = control.getBoundingClientRect();
          if (rect.left < c.right && c.left < rect.right && rect.top < c.bottom && c.top < rect.bottom) {
            const label = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40);
            found.push(`${label} → "${node.nodeValue!.trim().slice(0, 60)}"`);
          }
        }
      }
    }
    return [...new Set(found)];
  }, floating);
}

/** Scrolls at once (the site itself scrolls smoothly). */
async function scrollToFraction(page: Page, fraction: number) {
  await page.evaluate(
    (f) => window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) * f, behavior: "instant" }),
    fraction,
  );
}

/**
 * At 360 px no fixed control covers text at the top, middle or bottom of the page; the floating
 * buttons may pass over text mid-page, but at its end nothing is under them (docs/decisions/0059).
 * Run on the page a 360-px picture was just taken of: one load serves both checks.
 */
export async function expectNothingCovered(page: Page, url: string) {
  for (const [where, fraction] of [
    ["top", 0],
    ["middle", 0.5],
    ["bottom", 1],
  ] as const) {
    await scrollToFraction(page, fraction);
    const options = { floating: where === "bottom" };
    await expect.poll(() => coveredText(page, options), { message: `text covered at the ${where} of ${url}` }).toEqual([]);
  }
}
