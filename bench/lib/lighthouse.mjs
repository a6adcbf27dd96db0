// Lighthouse (mobile preset, the default config) in the system Chromium, median of N cold runs per
// page: every run starts its own Chromium with a fresh profile, so each is a first visit.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { log, median, PORTS, request } from "./util.mjs";

export const CHROME_FLAGS = ["--headless=new", ...chromiumConfig.args];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function summarize(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
  );
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const failing = [];
  for (const cat of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        const items = audit.details?.items ?? [];
        const what = [
          ...new Set(items.map((i) => i.issueType ?? i.source?.url ?? i.node?.selector ?? i.description).filter(Boolean)),
        ].slice(0, 3);
        failing.push(`${cat}: ${ref.id}${what.length ? ` (${what.join("; ").slice(0, 160)})` : ""}`);
      }
    }
  }
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
    jsKb: bytes("script") / 1024,
    cssKb: bytes("stylesheet") / 1024,
    totalKb: bytes("total") / 1024,
    failing,
    runtimeError: lhr.runtimeError?.message ?? metricError(lhr),
  };
}

/**
 * A run whose trace Lighthouse could not read (e.g. NO_NAVSTART, seen on the first page after
 * Chromium starts) scores performance 0 without a runtime error: name the audit that failed.
 */
function metricError(lhr) {
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit?.errorMessage) return `${ref.id}: ${audit.errorMessage}`;
  }
  return null;
}

/** One cold run: a fresh Chromium with a fresh profile (chrome-launcher's temp dir), a first visit. */
async function coldRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumConfig.path, chromeFlags: CHROME_FLAGS, port: PORTS.chrome });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    return { ...summarize(result.lhr), benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? null };
  } finally {
    // kill() does not wait, and a launch on the same port that finds a Chromium still answering
    // there uses it: the next run got this dying one ("Failed to fetch browser webSocket URL").
    const browser = chrome.process;
    const exited =
      browser.exitCode === null && browser.signalCode === null ? new Promise((resolve) => browser.once("exit", resolve)) : null;
    chrome.kill();
    await exited;
  }
}

export async function runLighthouse(base, pages, runs) {
  const out = [];
  for (const page of pages) {
    const samples = [];
    for (let i = 0, retries = 0; i < runs; i++) {
      let sample;
      try {
        sample = await coldRun(`${base}${page}`);
      } catch (error) {
        sample = { error: String(error?.message ?? error) };
      }
      // A busy machine sometimes makes a run fail (e.g. NO_FCP, NO_NAVSTART): retry (twice at most), and say so.
      if ((sample.error || sample.runtimeError) && retries++ < 2) {
        log(`lighthouse ${page}: execução falhou (${sample.error ?? sample.runtimeError}); repetindo`);
        i--;
        continue;
      }
      samples.push(sample);
    }
    const good = samples.filter((s) => !s.error && !s.runtimeError);
    const pick = (f) => median(good.map(f));
    const row = {
      page,
      runs: samples.length,
      ok: good.length,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((s) => s.scores[c])])),
      performanceRuns: good.map((s) => s.scores.performance),
      benchmarkIndex: pick((s) => s.benchmarkIndex),
      lcpMs: pick((s) => s.lcpMs),
      tbtMs: pick((s) => s.tbtMs),
      cls: pick((s) => s.cls),
      fcpMs: pick((s) => s.fcpMs),
      jsKb: pick((s) => s.jsKb),
      cssKb: pick((s) => s.cssKb),
      failing: [...new Set(good.flatMap((s) => s.failing))],
      errors: samples.filter((s) => s.error || s.runtimeError).map((s) => s.error ?? s.runtimeError),
    };
    log(
      `lighthouse ${page}: ${JSON.stringify(row.scores)} (perf ${row.performanceRuns.join(", ")}) TBT ${Math.round(row.tbtMs ?? 0)} ms, LCP ${Math.round(row.lcpMs ?? 0)} ms, benchmarkIndex ${Math.round(row.benchmarkIndex ?? 0)}`,
    );
    out.push(row);
  }
  return out;
}

/** `import … from "x"` and `import "x"` (static: part of the first load), not `import("x")`. */
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

/**
 * First-load JavaScript of a page without a browser, gzip-compressed: what the HTML loads (script
 * tags, modulepreload links, and the entry its inline boot script imports after the first paint;
 * docs/decisions/0058), followed through every static import of those files. Chunks the page only
 * loads on demand (dynamic imports inside the bundle) are not counted.
 */
export async function firstLoadJs(base, page) {
  const html = (await request(`${base}${page}`)).text;
  const queue = [];
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) queue.push(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) queue.push(m[1]);
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) queue.push(m[1]);
  const css = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]));
  const seen = new Set();
  let js = 0;
  const files = [];
  while (queue.length) {
    const u = queue.shift();
    if (seen.has(u)) continue;
    seen.add(u);
    const body = (await request(`${base}${u}`)).text;
    const gz = gzipSync(body).length;
    js += gz;
    files.push({ url: u, gzipKb: gz / 1024 });
    for (const m of body.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1], `${base}${u}`).pathname);
  }
  let cssBytes = 0;
  for (const u of css) cssBytes += gzipSync((await request(`${base}${u}`)).text).length;
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    page,
    jsKb: js / 1024,
    cssKb: cssBytes / 1024,
    fileCount: files.length,
    files: files.slice(0, 8),
    htmlGzipKb: gzipSync(html).length / 1024,
  };
}
