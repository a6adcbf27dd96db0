/**
 * Layout checks (docs/decisions/0020) shared by layout.spec.ts and layout-admin.spec.ts. They run on their
 * own server with a fresh in-memory database (the layout projects of playwright.config.ts), so
 * every run sees the same data.
 */
import path from "node:path";
import { settleAnimations } from "./helpers";
import type { Page } from "@playwright/test";

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
  // '/payment-success' here has no payment to confirm: it says so and stays (no countdown to stop;
  // docs/decisions/0089).
  await page.goto(url);
  // Hydrated first: React must not put the original dates back after they are rewritten below.
  await page.locator("html[data-hydrated]").waitFor();
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
  await page.locator("[data-floating-whatsapp]").evaluateAll((els) => els.forEach((el) => el.getAnimations().forEach((a) => a.finish())));
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
