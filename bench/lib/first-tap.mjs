// First taps on a throttled phone, and every form with JavaScript off (docs/decisions/0001, 0002).
//
// Each page is opened in a fresh browser context (empty cache, a first visit) under Lighthouse's
// mobile conditions: 4x CPU slowdown, 150 ms round trip, 1.6 Mbps down. The widget button and the
// menu button are tapped the moment each is visible, as a visitor does, never after waiting for
// scripts. The page itself records, with performance.now() since navigation start: first
// contentful paint, when the page's script ran (html[data-hydrated]), the tap, and the first frame
// painted with the sheet or menu open.
import { chromium } from "playwright";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { log, median } from "./util.mjs";

export const MOBILE = {
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

const CONTROLS = {
  widget: { button: '[data-testid="chat-launcher"]', opened: "dialog#consultoria[open]" },
  menu: { button: "header button[popovertarget]", opened: "[data-mobile-menu]:popover-open" },
};

/** Runs in the page before any of its own code: timestamps of what the visitor sees. */
function recorder() {
  const t = (window.__tap = { fcp: null, scriptsRan: null, tap: null, opened: null, painted: null });
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

/**
 * Scrolls a screen's fifth at a time until `selector` is wholly inside the viewport and still
 * (the same place in two frames running: a visitor taps a button, not where it was a frame ago).
 * Returns the scroll steps taken.
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
    const seen = await page.waitForFunction(inSight, selector, { timeout: steps ? 800 : 300 }).then(
      () => true,
      () => false,
    );
    if (seen) return steps;
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
    // The floating controls are always on screen (docs/decisions/0059); should one ever be out
    // of view, scroll as a reader does until it is on screen, and count the pages that needed it
    // (0 expected).
    const scrolls = await scrollIntoSight(page, control.button);
    // dispatch-free, trial-free: a real touch at the button's centre, as soon as it is painted.
    const tap = async () => {
      const box = await button.boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tap();
    const worked = await page
      .locator(control.opened)
      .first()
      .waitFor({ state: "visible", timeout: LOST_AFTER_MS })
      .then(() => true)
      .catch(() => false);
    if (worked) await page.waitForFunction(() => window.__tap.painted !== null, null, { timeout: 2000 }).catch(() => {});
    // When did the page's own script run (often after the tap)?
    await page
      .locator("html[data-hydrated]")
      .waitFor({ state: "attached", timeout: 30_000 })
      .catch(() => {});
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
      scrolls,
      fcpMs: first.fcp,
      scriptsRanMs: first.scriptsRan,
      tapAtMs: first.tap,
      tapBeforeScripts: first.scriptsRan === null || first.tap < first.scriptsRan,
      tapToPaintMs: worked && first.painted !== null ? first.painted - first.tap : null,
      interactiveTapToPaintMs: again ? again.painted - again.tap : null,
    };
  } finally {
    await context.close();
  }
}

/** pages: paths; runs: first visits per page and control. */
export async function runFirstTaps(base, pages, { runs = 1 } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumConfig.path, args: chromiumConfig.args });
  const rows = [];
  try {
    for (const path of pages) {
      const samples = { widget: [], menu: [] };
      for (let i = 0; i < runs; i++) {
        for (const control of Object.keys(CONTROLS)) {
          try {
            samples[control].push(await firstTap(browser, `${base}${path}`, control));
          } catch (error) {
            samples[control].push({ worked: false, error: String(error?.message ?? error).split("\n")[0] });
          }
        }
      }
      const all = [...samples.widget, ...samples.menu];
      const pick = (list, f) => median(list.map(f));
      const row = {
        page: path,
        fcpMs: pick(all, (s) => s.fcpMs),
        scriptsRanMs: pick(all, (s) => s.scriptsRanMs),
        widget: {
          taps: samples.widget.length,
          worked: samples.widget.filter((s) => s.worked).length,
          scrolled: samples.widget.filter((s) => s.scrolls > 0).length,
          tapAtMs: pick(samples.widget, (s) => s.tapAtMs),
          beforeScripts: samples.widget.filter((s) => s.tapBeforeScripts).length,
          tapToPaintMs: pick(samples.widget, (s) => s.tapToPaintMs),
          interactiveTapToPaintMs: pick(samples.widget, (s) => s.interactiveTapToPaintMs),
        },
        menu: {
          taps: samples.menu.length,
          worked: samples.menu.filter((s) => s.worked).length,
          tapAtMs: pick(samples.menu, (s) => s.tapAtMs),
          beforeScripts: samples.menu.filter((s) => s.tapBeforeScripts).length,
          tapToPaintMs: pick(samples.menu, (s) => s.tapToPaintMs),
        },
        errors: all.filter((s) => s.error).map((s) => s.error),
      };
      log(
        `primeiro toque ${path}: FCP ${Math.round(row.fcpMs ?? 0)} ms, script ${Math.round(row.scriptsRanMs ?? 0)} ms; ` +
          `widget ${row.widget.worked}/${row.widget.taps}${row.widget.scrolled ? ` (após rolar: ${row.widget.scrolled})` : ""} (toque em ${Math.round(row.widget.tapAtMs ?? 0)} ms → ${Math.round(row.widget.tapToPaintMs ?? 0)} ms; pronto: ${Math.round(row.widget.interactiveTapToPaintMs ?? 0)} ms); ` +
          `menu ${row.menu.worked}/${row.menu.taps}${row.errors.length ? ` · erros: ${row.errors.join("; ")}` : ""}`,
      );
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return { rows, conditions: { cpuSlowdown: CPU_SLOWDOWN, latencyMs: NETWORK.latency, downMbps: 1.6, viewport: MOBILE.viewport }, runs };
}

/**
 * Every lead form (and the login) submitted with JavaScript disabled, twice: the confirmation must
 * be a page in Portuguese (never raw JSON), and the second submit (the browser's back, then the
 * same form sent again) must store nothing. `tag` makes this run's e-mail addresses unique.
 */
/** How long the no-JavaScript visitor spends on a form before sending it (more than SPAM_RULES.minFillSeconds). */
const PERSON_FILL_MS = 4_000;

export const NO_JS_FORMS = [
  {
    name: "contato",
    path: "/",
    async fill(page, email) {
      const form = page.locator("form[data-contact-form]").first();
      await form.getByLabel(/^Nome/).fill("Visitante Sem Script");
      await form.getByLabel(/^Empresa/).fill("Empresa Sem Script");
      await form.getByLabel(/^Email/).fill(email);
      await form.getByLabel(/^Mensagem/).fill("Mensagem enviada sem JavaScript.");
      await form.getByRole("checkbox").check();
      return form.getByRole("button", { name: "Enviar Consulta" });
    },
    confirmation: "Consulta Enviada",
  },
  {
    name: "newsletter",
    path: "/sobre",
    async fill(page, email) {
      const form = page.getByRole("form", { name: "Inscrição na newsletter" });
      await form.getByLabel("Seu email").fill(email);
      return form.getByRole("button", { name: "Inscrever" });
    },
    confirmation: "Obrigado por se inscrever!",
  },
  {
    name: "candidatura",
    path: "/carreiras",
    async fill(page, email) {
      const form = page.getByRole("form", { name: "Formulário de candidatura" });
      await form.getByLabel(/^Nome completo/).fill("Candidata Sem Script");
      await form.getByLabel(/^Email/).fill(email);
      await form.getByLabel(/^Telefone com DDD/).fill("11987654321");
      await form.getByLabel(/^Vaga de interesse/).selectOption({ index: 1 });
      await form.getByLabel(/^Experiência/).fill("Seis anos construindo produtos de dados e modelos de linguagem em produção.");
      await form.getByLabel(/^Motivação/).fill("Quero levar agentes de IA para empresas brasileiras de todos os portes.");
      return form.getByRole("button", { name: "Enviar candidatura" });
    },
    confirmation: "Candidatura enviada!",
  },
  {
    name: "questionario",
    path: "/formulario",
    async fill(page, email) {
      const form = page.getByRole("form", { name: "Formulário de otimização de negócios" });
      await form.getByLabel(/^Nome da empresa/).fill("Indústria Sem Script");
      await form.getByLabel(/^Nome do contato/).fill("Contato Sem Script");
      await form.getByLabel(/^Email/).fill(email);
      return form.getByRole("button", { name: "Enviar Formulário" });
    },
    confirmation: "Formulário enviado com sucesso!",
  },
  {
    name: "consultoria",
    path: "/",
    async fill(page, email) {
      await page.getByRole("button", { name: "Solicitar Apresentação de Cases" }).first().click();
      const dialog = page.getByRole("dialog", { name: /Solicit/ });
      await dialog.getByLabel(/^Nome/).first().fill("Consulente Sem Script");
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(/^Telefone/).fill("31988887777");
      await dialog.getByLabel(/^Empresa/).fill("Empresa Sem Script");
      await dialog.getByLabel(/^Área de atuação/).fill("Educação");
      return dialog.getByRole("button", { name: "Enviar solicitação" });
    },
    confirmation: "Solicitação enviada!",
  },
  {
    name: "chat",
    path: "/blog",
    async fill(page, email) {
      await page.getByTestId("chat-launcher").click();
      const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
      await widget.getByLabel("Email").fill(email);
      await widget.getByLabel("Telefone").fill("11999998888");
      return widget.getByRole("button", { name: "Iniciar consultoria" });
    },
    confirmation: "Recebemos seu contato",
  },
];

export async function runNoJsForms(target, { tag }) {
  const browser = await chromium.launch({ executablePath: chromiumConfig.path, args: chromiumConfig.args });
  const rows = [];
  try {
    for (const form of NO_JS_FORMS) {
      const context = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
      const page = await context.newPage();
      const email = `nojs-${tag}-${form.name}@example.com`;
      const row = { form: form.name, email };
      try {
        await page.goto(`${target.url}${form.path}`);
        const submit = await form.fill(page, email);
        // A person takes a few seconds to fill a form in; a post faster than that is judged a
        // script's (the form's signed stamp, docs/decisions/0090).
        await page.waitForTimeout(PERSON_FILL_MS);
        const [response] = await Promise.all([page.waitForNavigation(), submit.click()]);
        row.status = response?.status() ?? null;
        row.contentType = response?.headers()["content-type"] ?? null;
        const body = (await page.locator("body").innerText()).trim();
        row.rawJson = body.startsWith("{") || /json/.test(row.contentType ?? "");
        row.confirmed = await page.getByRole("status").getByText(form.confirmation).first().isVisible();
        // A visitor who is not sure it went: reload the confirmation, then go back and send again.
        await page.reload();
        await page.goBack();
        await page.goBack().catch(() => {});
        if (!page.url().startsWith(`${target.url}${form.path}`)) await page.goto(`${target.url}${form.path}`);
        await Promise.all([page.waitForNavigation(), (await form.fill(page, email)).click()]);
        row.secondConfirmed = await page.getByRole("status").getByText(form.confirmation).first().isVisible();
      } catch (error) {
        row.error = String(error?.message ?? error).split("\n")[0];
      } finally {
        await context.close();
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  // What the database holds for this run's addresses: in each table, one row per form, never two.
  const stored = await target.snapshot(`nojs-${tag}-%`);
  for (const row of rows) {
    row.rows = Math.max(0, ...Object.values(stored.emails).map((list) => list.filter((e) => e === row.email).length));
    row.pass = !row.error && row.confirmed && row.secondConfirmed && !row.rawJson && row.rows === 1;
    log(
      `sem JS ${row.form}: ${row.pass ? "ok" : "FALHOU"} (confirmação ${row.confirmed}, reenvio ${row.secondConfirmed}, JSON cru ${row.rawJson}, linhas ${row.rows}${row.error ? `, erro ${row.error}` : ""})`,
    );
  }
  return { rows, tablesWithEmails: Object.fromEntries(Object.entries(stored.emails).map(([t, list]) => [t, list.length])) };
}
