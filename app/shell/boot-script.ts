/**
 * The inline module script that loads a document's browser entry once the page has painted. In
 * development it first loads Vite's client and React Router's refresh runtime (the preamble the
 * router's own scripts would have loaded), so development runs the same islands as production.
 * If the entry cannot load, the submits the early script held for it post natively
 * (app/shell/early/held-submits.ts).
 *
 * Its text depends only on the build (the entry's URL), so the host lists its hash in the public
 * pages' static Content-Security-Policy (app/infra/security-headers.server.ts).
 */
import { AFTER_FIRST_PAINT } from "~/lib/after-first-paint";
import { TAKE_HELD_SUBMITS } from "./early/held-submits";

export function bootScript(script: string, preamble: readonly string[]): string {
  const load = [...preamble, script].map((url) => `await import(${JSON.stringify(url)});`).join("");
  const release = `window[${JSON.stringify(TAKE_HELD_SUBMITS)}]?.(true)`;
  return `${AFTER_FIRST_PAINT}(async()=>{try{${load}}catch(e){${release};throw e}})`;
}
