import { describe, expect, it } from "vitest";
import { deferBootScript, deferHydration } from "../../server/deferred-boot";

// What React Router 7's <Scripts> writes for a page with three route modules.
const boot = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-2.js";',
  'import * as route1 from "/assets/site-layout-3.js";',
  'import * as route2 from "/assets/home-4.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/site-layout":route1,"routes/home":route2};',
  "",
  'import("/assets/entry.client-5.js");',
].join("\n");

const page = (script: string, nonce = "") =>
  [
    '<!DOCTYPE html><html lang="pt-BR"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
    `<link rel="preload" href="/assets/font.woff2" as="font"/><link rel="modulepreload" href="/assets/root-2.js"${nonce}/>`,
    `<link rel="modulepreload" href="/assets/home-4.js"${nonce}/></head><body><main>Olá</main>`,
    `<script${nonce}>window.__reactRouterContext = {};</script><script${nonce} type="module" async="">${script}</script></body></html>`,
  ].join("");

describe("deferBootScript", () => {
  it("turns the static imports into dynamic ones, in order, started after the first paint", () => {
    const out = deferBootScript(boot)!;
    expect(out).toBeDefined();
    expect(out).not.toMatch(/^\s*import\s+["*]/m);
    expect(out).toContain(
      'const[,route0,route1,route2]=await Promise.all([import("/assets/manifest-1.js"),import("/assets/root-2.js"),import("/assets/site-layout-3.js"),import("/assets/home-4.js")]);',
    );
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/site-layout":route1,"routes/home":route2};');
    expect(out.indexOf("__reactRouterRouteModules")).toBeLessThan(out.indexOf('import("/assets/entry.client-5.js")'));
    expect(out).toContain('e.name==="first-contentful-paint"');
    // It must still be a valid script (dynamic import is allowed in classic code too).
    expect(() => new Function(out)).not.toThrow();
  });

  it("runs the original statements with the loaded modules bound to their names", async () => {
    const out = deferBootScript(boot)!;
    const loaded: string[] = [];
    const win: Record<string, unknown> = {};
    // Stand-ins for the browser: import() becomes a lookup, the frame callbacks run at once.
    const code = out.replaceAll("import(", "load(");
    const run = new Function("load", "document", "PerformanceObserver", "setTimeout", "window", `return ${code}`);
    // The page's first contentful paint, reported to the observer at once.
    class PaintObserver {
      constructor(private callback: (list: { getEntries: () => Array<{ name: string }> }) => void) {}
      observe() {
        this.callback({ getEntries: () => [{ name: "first-paint" }, { name: "first-contentful-paint" }] });
      }
    }
    await new Promise<void>((resolve) => {
      run(
        async (url: string) => {
          loaded.push(url);
          if (url.includes("entry.client")) resolve();
          return { url };
        },
        { hidden: false },
        PaintObserver,
        (cb: () => void, ms = 0) => ms === 0 && cb(), // the 3 s fallback never fires here
        win,
      );
    });
    expect(loaded.at(-1)).toBe("/assets/entry.client-5.js");
    expect(win.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-2.js" },
      "routes/site-layout": { url: "/assets/site-layout-3.js" },
      "routes/home": { url: "/assets/home-4.js" },
    });
  });

  it("gives up on a script it does not recognise", () => {
    expect(deferBootScript('import { a } from "/assets/a.js";\na();')).toBeUndefined();
    expect(deferBootScript("console.log(1);")).toBeUndefined();
  });
});

describe("deferHydration", () => {
  it("drops the module preloads and rewrites the boot script, keeping its nonce", () => {
    const html = deferHydration(page(boot, ' nonce="abc"'));
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2" as="font"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain(`<script nonce="abc" type="module">${deferBootScript(boot)}</script>`);
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
  });

  it("leaves a page it cannot rewrite exactly as it was", () => {
    const odd = page('import { a } from "/assets/a.js";');
    expect(deferHydration(odd)).toBe(odd);
    const noScript = "<!DOCTYPE html><html><head></head><body>Olá</body></html>";
    expect(deferHydration(noScript)).toBe(noScript);
  });
});
