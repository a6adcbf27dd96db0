// Lighthouse (mobile preset) in the system Chromium, cold: every run starts its own Chromium with
// a fresh profile, a first visit. The median of the runs per page, with the host's benchmarkIndex.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { BUDGETS, log, median, PORTS, request } from "./util.mjs";

const MIN = BUDGETS.lighthouse.minScores;
const CATEGORIES = Object.keys(MIN);

/** Scores, a few metrics and the audits that fail outside performance. */
function summarize(lhr) {
  const failing = [];
  for (const category of CATEGORIES.slice(1))
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) failing.push(`${category}: ${ref.id}`);
    }
  // A run whose trace Lighthouse could not read scores performance 0 without a runtime error.
  const broken = lhr.categories.performance.auditRefs.find((ref) => ref.weight > 0 && lhr.audits[ref.id]?.errorMessage);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    failing,
    error: lhr.runtimeError?.message ?? (broken && `${broken.id}: ${lhr.audits[broken.id].errorMessage}`),
  };
}

async function coldRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumConfig.path,
    chromeFlags: ["--headless=new", ...chromiumConfig.args],
    port: PORTS.chrome,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    return summarize(result.lhr);
  } finally {
    // kill() does not wait, and the next launch on this port would find the dying Chromium.
    const browser = chrome.process;
    const exited = browser.exitCode === null && browser.signalCode === null ? new Promise((r) => browser.once("exit", r)) : null;
    chrome.kill();
    await exited;
  }
}

/** One report row per page: [check, figure, limit, pass]. */
export async function runLighthouse(base, pages, runs) {
  const rows = [];
  for (const page of pages) {
    const good = [];
    const errors = [];
    // A busy machine sometimes breaks a run (NO_FCP, NO_NAVSTART): up to two more tries, said in the row.
    for (let tries = 0; good.length < runs && tries < runs + 2; tries++) {
      const sample = await coldRun(`${base}${page}`).catch((error) => ({ error: String(error?.message ?? error) }));
      if (sample.error) errors.push(sample.error);
      else good.push(sample);
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(good.map((s) => s.scores[c]))]));
    const failing = [...new Set(good.flatMap((s) => s.failing))];
    // Search results carry noindex on purpose (docs/decisions/0070): only the audits budgets.json names may fail there.
    const allowed = page.includes("?") ? BUDGETS.lighthouse.noindexPagesMayFail : [];
    const excused = (c) => {
      const audits = failing.filter((f) => f.startsWith(`${c}:`));
      return audits.length > 0 && audits.every((f) => allowed.includes(f));
    };
    const pass = good.length > 0 && CATEGORIES.every((c) => scores[c] >= MIN[c] || excused(c));
    const figure =
      `${CATEGORIES.map((c) => scores[c] ?? "–").join(" / ")} (perf: ${good.map((s) => s.scores.performance).join(", ")})` +
      ` · benchmarkIndex ${Math.round(median(good.map((s) => s.benchmarkIndex)) ?? 0)}` +
      ` · LCP ${Math.round(median(good.map((s) => s.lcpMs)) ?? 0)} ms · TBT ${Math.round(median(good.map((s) => s.tbtMs)) ?? 0)} ms` +
      (failing.length ? ` · falham: ${failing.join(", ")}` : "") +
      (errors.length ? ` · ${errors.length} execuções falharam: ${errors[0]}` : "");
    log(`lighthouse ${page}: ${figure}`);
    rows.push([
      `Lighthouse ${page} (frio, mediana de ${good.length})`,
      figure,
      `${CATEGORIES.join(" / ")} ≥ ${CATEGORIES.map((c) => MIN[c]).join(" / ")}`,
      pass,
    ]);
  }
  return rows;
}

/** `import … from "x"` and `import "x"` (part of the first load), not `import("x")`. */
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

/**
 * The gzip JavaScript a page loads before any tap, without a browser: what its HTML loads (script
 * tags, modulepreload links, the entry its inline boot script imports) and every static import of
 * those files. Islands loaded on first use are not counted (docs/decisions/0058).
 */
export async function firstLoadJs(base, page) {
  const html = (await request(`${base}${page}`)).text;
  const queue = [
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g),
  ].map((m) => m[1]);
  const seen = new Set();
  let bytes = 0;
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const body = (await request(`${base}${url}`)).text;
    bytes += gzipSync(body).length;
    for (const m of body.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1], `${base}${url}`).pathname);
  }
  const kb = bytes / 1024;
  const max = BUDGETS.javascript.maxKbHome;
  return [`JS gzip antes do primeiro toque em ${page}`, `${kb.toFixed(1)} kB em ${seen.size} arquivos`, `≤ ${max} kB`, kb <= max];
}
