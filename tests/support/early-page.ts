/**
 * A page in the system Chromium whose <head> runs chosen jobs of the early script
 * (app/lib/early-script.ts), for tests of one job at a time. The page is served by request
 * interception (no server); beacons are recorded in `window.beacons` instead of sent.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "playwright-core";
import { inlineJobs } from "~/lib/inline-script";
import { earlyContext, type EarlyConfig, type EarlyJob } from "~/shell/early/context";
import chromiumConfig from "./chromium.json" with { type: "json" };

export const ORIGIN = "http://early.test";
const resolve = createRequire(import.meta.url).resolve;

/** The jobs' constants, with the polyfills at addresses of the test's own. */
export const TEST_CONFIG: EarlyConfig = {
  chatId: "consultoria",
  threshold: 10,
  keyField: "idempotencyKey",
  beaconUrl: "/api/analytics",
  invokersPolyfill: "/polyfill/invokers.js",
  closedByPolyfill: "/polyfill/closedby.js",
  takeHeldSubmits: "takeHeldSubmits",
};
/** The files the packages give the browser (vite.config.ts: INVOKERS_POLYFILL; the closedby package's module). */
const POLYFILLS: Record<string, string> = {
  [TEST_CONFIG.invokersPolyfill]: resolve("invokers-polyfill"),
  [TEST_CONFIG.closedByPolyfill]: resolve("dialog-closedby-polyfill"),
};

export interface EarlyPageOptions {
  /** Browser features removed before the page's scripts run, as in an older browser. */
  lacking?: Array<"invokers" | "closedBy">;
  /** Polyfill files are answered once this settles. */
  polyfillsAfter?: Promise<unknown>;
  /** Extra <head> content (styles). */
  head?: string;
  /** The address the page is opened at. */
  path?: string;
  /** Answers to other requests of the page (a form's post); unanswered ones hang. */
  answer?: (path: string) => { status: number; body?: string } | undefined;
}

export interface EarlyPage {
  page: Page;
  /** Polyfill files the page asked for. */
  polyfillsAsked: string[];
  /** Uncaught errors in the page. */
  errors: string[];
  /** Clicks that reached the window, counted before any of the page's own listeners. */
  clicksSeen(): Promise<number>;
  beacons(): Promise<Array<{ k: string; p: string; f?: string; r?: string }>>;
}

let browser: Browser | undefined;

export async function launchEarlyBrowser(): Promise<void> {
  browser = await chromium.launch({ executablePath: chromiumConfig.tests, args: chromiumConfig.args });
}

export async function closeEarlyBrowser(): Promise<void> {
  await browser?.close();
}

/** `script`: the inline text, or the jobs to make it from with TEST_CONFIG. */
export async function openEarlyPage(script: string | EarlyJob[], body: string, options: EarlyPageOptions = {}): Promise<EarlyPage> {
  if (!browser) throw new Error("launchEarlyBrowser() first");
  const text = typeof script === "string" ? script : inlineJobs(earlyContext, script, TEST_CONFIG);
  const page = await browser.newPage();
  const result: EarlyPage = {
    page,
    polyfillsAsked: [],
    errors: [],
    beacons: () => page.evaluate(() => (window as unknown as { beacons: [] }).beacons),
    clicksSeen: () => page.evaluate(() => (window as unknown as { clicksSeen: number }).clicksSeen),
  };
  page.on("pageerror", (error) => result.errors.push(error.message));
  await page.addInitScript((lacking: string[]) => {
    const w = window as unknown as { beacons: unknown[]; clicksSeen: number };
    w.beacons = [];
    // Registered before the page's scripts, so a job that holds a click cannot hide it from here.
    w.clicksSeen = 0;
    addEventListener("click", () => w.clicksSeen++, true);
    navigator.sendBeacon = (_url, data) => (w.beacons.push(JSON.parse(String(data))), true);
    if (lacking.includes("invokers")) delete (HTMLButtonElement.prototype as { command?: string }).command;
    if (lacking.includes("closedBy")) delete (HTMLDialogElement.prototype as { closedBy?: string }).closedBy;
  }, options.lacking ?? []);
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">${options.head ?? ""}<script>${text}</script></head><body>${body}</body></html>`;
  await page.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = POLYFILLS[pathname];
    if (file) {
      result.polyfillsAsked.push(pathname);
      await options.polyfillsAfter;
      return route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(file, "utf8") });
    }
    const opened = new URL(`${ORIGIN}${options.path ?? "/"}`).pathname;
    if (route.request().method() === "GET" && pathname === opened) return route.fulfill({ contentType: "text/html", body: html });
    const answer = options.answer?.(pathname);
    if (answer) return route.fulfill({ status: answer.status, contentType: "text/html", body: answer.body ?? "" });
    // Anything else hangs: a form's post stays on its way.
  });
  // Not the load event: a held polyfill holds it too.
  await page.goto(`${ORIGIN}${options.path ?? "/"}`, { waitUntil: "domcontentloaded" });
  return result;
}
