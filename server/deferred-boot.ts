/**
 * Public pages paint first, then fetch the JavaScript that hydrates them.
 *
 * React Router's <Scripts> asks for every module of the page at once: a `modulepreload` link per
 * file (hoisted into <head> by React) and an inline module script whose static imports start the
 * same downloads while the HTML is still parsing. On a phone those ~160 kB of scripts compete
 * with the stylesheet and the fonts, and the page stays blank until they have all arrived
 * (Lighthouse mobile on the home page: first contentful paint 3.3 s before this, 0.9 s after).
 *
 * The page is already complete HTML, so nothing needs the scripts before the first paint. This
 * rewrites the rendered document: the preload links go, and the module script's static imports
 * become dynamic imports that start once the browser reports its first contentful paint. The
 * modules are the same and hydration is unchanged; only the moment the downloads start moves.
 *
 * Anything in the script that is not the shape React Router 7 writes leaves the page unchanged.
 */

import { AFTER_FIRST_PAINT } from "~/lib/after-first-paint";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** The one inline module script <Scripts> writes (attributes as React serialises them). */
const BOOT_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^[ \t]*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\\]+");[ \t]*$/gm;

/** The boot script with its imports deferred, or undefined if it is not one we recognise. */
export function deferBootScript(text: string): string | undefined {
  const imports: Array<{ binding: string; specifier: string }> = [];
  const rest = text.replace(STATIC_IMPORT, (_line, binding: string | undefined, specifier: string) => {
    imports.push({ binding: binding ?? "", specifier });
    return "";
  });
  // Any import left (another syntax) would be a static import we did not move: give up.
  if (imports.length === 0 || /\bimport\s*[^\s(]/.test(rest)) return undefined;
  const bindings = imports.map((i) => i.binding).join(",");
  const loads = imports.map((i) => `import(${i.specifier})`).join(",");
  return `${AFTER_FIRST_PAINT}(async()=>{const[${bindings}]=await Promise.all([${loads}]);${rest.trim()}\n})`;
}

/** The rendered page with its script downloads moved after the first paint (see above). */
export function deferHydration(html: string): string {
  let found = 0;
  const rewritten = html.replace(BOOT_SCRIPT, (whole, nonce: string, text: string) => {
    const deferred = deferBootScript(text);
    if (deferred === undefined) return whole;
    found++;
    // Without `async` the module script runs after parsing, once the stylesheet has loaded.
    return `<script${nonce} type="module">${deferred}</script>`;
  });
  // Without the rewritten script the preloads are the page's only head start: keep them then.
  return found === 1 ? rewritten.replace(MODULE_PRELOAD, "") : html;
}
