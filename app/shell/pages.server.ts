import shellPages from "virtual:shell-pages";
import { EARLY_SCRIPT, VIEW_SCRIPT } from "~/lib/early-script";
import { bootScript } from "./boot-script";

/**
 * The browser entries of public pages (vite.config.ts): name → URL, and in development the
 * modules to load before them (Vite's client, React Router's refresh runtime).
 */
export { shellPages };

/**
 * Every inline script a public page can carry, each fixed when the site is built: the host allows
 * them by their hashes (app/infra/security-headers.server.ts).
 */
export function publicInlineScripts(): string[] {
  const boots = Object.values(shellPages.scripts).map((script) => bootScript(script, shellPages.preamble));
  return [EARLY_SCRIPT, VIEW_SCRIPT, ...boots];
}
