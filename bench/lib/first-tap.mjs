// First taps on a throttled phone (docs/decisions/0001, 0003), and the chat's first submit
// (docs/decisions/0121).
//
// Each page is opened in a fresh browser context (empty cache, a first visit) under Lighthouse's
// mobile conditions: 4x CPU slowdown, 150 ms round trip, 1.6 Mbps down. The widget button and the
// menu button are tapped the moment each is visible, as a visitor does, never after waiting for
// scripts. The page itself records, with performance.now() since navigation start: first
// contentful paint, when the page's script ran (html[data-hydrated]), the tap, and the first frame
// painted with the sheet or menu open. Once the chat's sheet is open, the contact is sent at once
// (what autofill and Enter do) and must be greeted on the same page (SPEC §4), never reloaded.
import { chromium } from "playwright";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { BUDGETS, log } from "./util.mjs";

const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: "pt-BR",
};
/** Lighthouse's mobile preset ("slow 4G"): 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU x4. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** A tap that has not opened anything after this long was lost. */
const LOST_AFTER_MS = 8000;
/** SPEC §4: the assistant's greeting once the contact was sent. */
const GREETING = "Obrigado! Agora podemos começar nossa consultoria. Como posso ajudar você hoje?";

const CONTROLS = {
  widget: { button: '[data-testid="chat-launcher"]', opened: "dialog#consultoria[open]" },
  menu: { button: "header button[popovertarget]", opened: "[data-mobile-menu]:popover-open" },
};

/** Runs in the page before any of its own code: timestamps of what the visitor sees. */
function recorder() {
  const t = (window.__tap = { fcp: null, scriptsRan: null, tap: null, opened: null, painted: null, submit: null });
  addEventListener("submit", (e) => (t.submit ??= e.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") t.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  // No <html> element exists yet when this runs: watch the document.
  new MutationObserver(() => {
    if (t.scriptsRan === null && document.documentElement?.hasAttribute("data-hydrated")) t.scriptsRan = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  // The tap: the first pointerdown anywhere (its own timestamp, not when a listener got to run).
  addEventListener("pointerdown", (e) => (t.tap ??= e.timeStamp), { capture: true });
  const painted = () => requestAnimationFrame(() => setTimeout(() => (t.painted ??= performance.now())));
  const opened = () => {
    if (t.opened !== null) return;
    t.opened = performance.now();
    painted();
  };
  // The sheet is a <dialog> (its `open` attribute), the menu a popover (its `toggle` event).
  new MutationObserver((records) => {
    for (const r of records) if (r.target.localName === "dialog" && r.target.hasAttribute("open")) opened();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["open"] });
  document.addEventListener("toggle", (e) => e.newState === "open" && e.target.hasAttribute?.("data-mobile-menu") && opened(), true);
}

async function throttledPage(browser) {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.addInitScript(recorder);
  return { context, page };
}

const readTimes = (page) => page.evaluate(() => window.__tap);
/** Whether the locator's first match becomes visible (or `state`) within `timeout` ms. */
const shows = (locator, timeout, state = "visible") => {
  const done = locator.first().waitFor({ state, timeout });
  return done.then(() => true).catch(() => false);
};

/**
 * Scrolls a screen's fifth at a time until `selector` is wholly inside the viewport and still
 * (the same place in two frames running: a visitor taps a button, not where it was a frame ago).
 */
async function scrollIntoSight(page, selector) {
  const inSight = (sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    const place = r && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight ? `${r.left},${r.top}` : null;
    const still = place !== null && window.__tapPlace === place;
    window.__tapPlace = place;
    return still;
  };
  for (let steps = 0; steps <= 25; steps++) {
    const seen = await page.waitForFunction(inSight, selector, { timeout: steps ? 800 : 300 }).catch(() => null);
    if (seen) return;
    await page.mouse.wheel(0, Math.round(MOBILE.viewport.height / 5));
  }
  throw new Error(`${selector} nunca apareceu na tela`);
}

/** One first visit: tap `control` the moment it is visible; did it open, and how fast? */
async function firstTap(browser, url, controlName) {
  const control = CONTROLS[controlName];
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const button = page.locator(control.button).first();
    await button.waitFor({ state: "visible", timeout: 30_000 });
    // Should a control ever be out of view (docs/decisions/0059), scroll as a reader does.
    await scrollIntoSight(page, control.button);
    // dispatch-free, trial-free: a real touch at the button's centre, as soon as it is painted.
    const tap = async () => {
      const box = await button.boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tap();
    const worked = await shows(page.locator(control.opened), LOST_AFTER_MS);
    if (worked) await page.waitForFunction(() => window.__tap.painted !== null, null, { timeout: 2000 }).catch(() => {});
    // The chat's first submit, at once: greeted on the same page (a native post would reload it).
    let sent = null;
    if (controlName === "widget" && worked) {
      const address = page.url();
      await Promise.all([
        page.keyboard.insertText(`bancada-${Date.now()}@empresa.com.br`),
        page.keyboard.press("Tab"),
        page.keyboard.insertText("11999998888"),
        page.keyboard.press("Enter"),
      ]);
      const greeted = await shows(page.getByText(GREETING), 30_000);
      sent = { worked: greeted && page.url() === address };
    }
    // When did the page's own script run (often after the tap)?
    await shows(page.locator("html[data-hydrated]"), 30_000, "attached");
    const first = await readTimes(page);
    // Once the page is interactive (its script ran and the network is quiet), tap again.
    let again = null;
    if (controlName === "widget" && worked) {
      await page.keyboard.press("Escape");
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.evaluate(() => Object.assign(window.__tap, { tap: null, opened: null, painted: null }));
      await scrollIntoSight(page, control.button);
      await tap();
      await page.locator(control.opened).first().waitFor({ state: "visible", timeout: LOST_AFTER_MS });
      await page.waitForFunction(() => window.__tap.painted !== null, null, { timeout: 5000 });
      again = await readTimes(page);
    }
    return {
      worked,
      sent: sent && { ...sent, beforeScripts: first.scriptsRan === null || (first.submit !== null && first.submit < first.scriptsRan) },
      fcpMs: first.fcp,
      scriptsRanMs: first.scriptsRan,
      tapBeforeScripts: first.scriptsRan === null || first.tap < first.scriptsRan,
      tapToPaintMs: worked && first.painted !== null ? first.painted - first.tap : null,
      interactiveTapToPaintMs: again ? again.painted - again.tap : null,
    };
  } finally {
    await context.close();
  }
}

/** pages: paths; runs: first visits per page and control. One report row: [check, figure, limit, pass]. */
export async function runFirstTaps(base, pages, { runs = 1 } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumConfig.path, args: chromiumConfig.args });
  const taps = [];
  try {
    for (const path of pages)
      for (let i = 0; i < runs; i++)
        for (const control of Object.keys(CONTROLS)) {
          const tap = await firstTap(browser, `${base}${path}`, control).catch((error) => ({
            worked: false,
            error: String(error?.message ?? error).split("\n")[0],
          }));
          taps.push({ path, control, ...tap });
          const ms = (v) => (v == null ? "–" : Math.round(v));
          log(
            `primeiro toque ${path} ${control}: ${tap.worked ? "funcionou" : "PERDIDO"}${tap.tapBeforeScripts ? " (antes do script)" : ""}; ` +
              (tap.sent
                ? `envio do chat ${tap.sent.worked ? "saudado" : "PERDIDO"}${tap.sent.beforeScripts ? " (antes do script)" : ""}; `
                : "") +
              `FCP ${ms(tap.fcpMs)} ms, script ${ms(tap.scriptsRanMs)} ms, toque→folha ${ms(tap.tapToPaintMs)} ms, pronta ${ms(tap.interactiveTapToPaintMs)} ms${tap.error ? `; ${tap.error}` : ""}`,
          );
        }
  } finally {
    await browser.close();
  }
  const worked = taps.filter((t) => t.worked).length;
  const early = taps.filter((t) => t.tapBeforeScripts);
  const slowest = Math.max(0, ...taps.map((t) => t.interactiveTapToPaintMs ?? 0));
  const lost = taps.filter((t) => !t.worked).map((t) => `${t.path} ${t.control}`);
  const bar = BUDGETS.firstTaps;
  const sends = taps.filter((t) => t.control === "widget");
  const greeted = sends.filter((t) => t.sent?.worked);
  const sentEarly = sends.filter((t) => t.sent?.beforeScripts);
  return [
    [
      `Primeiros toques num celular lento (${pages.length} páginas × chat e menu × ${runs})`,
      `${worked}/${taps.length} funcionaram; toques cedo (antes do script da página) ${early.filter((t) => t.worked).length}/${early.length}${lost.length ? `; perdidos: ${lost.join(", ")}` : ""} · toque→folha com a página pronta: pior ${Math.round(slowest)} ms`,
      `todos; folha ≤ ${bar.maxTapToSheetMs} ms`,
      worked === taps.length && slowest <= bar.maxTapToSheetMs,
    ],
    [
      `Primeiro envio do chat logo após abrir (${pages.length} páginas × ${runs})`,
      `${greeted.length}/${sends.length} saudados na mesma página; enviados antes do script da página ${sentEarly.filter((t) => t.sent.worked).length}/${sentEarly.length}`,
      "todos",
      greeted.length === sends.length,
    ],
  ];
}
