/**
 * Public pages are documents whose islands wake without React Router (app/shell/pages;
 * docs/decisions/0058): no module their entry can load, statically or lazily, may import the
 * router (its hooks would throw without a router, and its code would come back into the page's
 * JavaScript) or root.tsx (which imports it).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve("app");
const IMPORT = /(?:^|[;\s])(import|export)\s+(type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveModule(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined; // a package
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every module reachable from `entry`, with the chain that reached it. */
function reachable(entry: string): Array<{ file: string; imports: string[]; chain: string[] }> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const out: Array<{ file: string; imports: string[]; chain: string[] }> = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const source = fs
      .readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "") // comments may name modules
      .replace(/(^|\s)\/\/.*$/gm, "$1");
    const imports: string[] = [];
    for (const m of source.matchAll(IMPORT)) {
      if (m[2]) continue; // `import type` leaves nothing in the bundle
      const spec = m[3] ?? m[4];
      if (spec === undefined) continue; // one of the two alternatives always matches
      imports.push(spec);
      const target = resolveModule(file, spec);
      if (target && /\.(tsx?)$/.test(target) && !seen.has(target)) {
        seen.set(target, [...seen.get(file)!, target]);
        queue.push(target);
      }
    }
    out.push({ file, imports, chain: seen.get(file)! });
  }
  return out;
}

const entries = fs.readdirSync(path.join(APP, "shell/pages")).filter((f) => f.endsWith(".tsx"));

describe("the public pages' entry (their islands included)", () => {
  it("exist", () => {
    expect(entries).toEqual(["public.tsx"]);
  });

  for (const entry of entries) {
    it(`${entry} never reaches react-router or root.tsx`, () => {
      const modules = reachable(path.join(APP, "shell/pages", entry));
      expect(modules.length).toBeGreaterThan(10); // the walk followed the imports
      const offenders = modules
        .filter((m) => m.imports.some((spec) => spec === "react-router" || spec.startsWith("@react-router/") || spec === "~/root"))
        .map((m) => m.chain.map((f) => path.relative(APP, f)).join(" → "));
      expect(offenders).toEqual([]);
    });
  }
});
