declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

/** The browser entries of app/shell/pages (see vite.config.ts). */
declare module "virtual:shell-pages" {
  const shellPages: {
    /** Page name → URL of its entry (built, or served by Vite in development). */
    scripts: Record<string, string>;
    /** Loaded before the entry: in development Vite's client and the refresh runtime; none when built. */
    preamble: string[];
  };
  export default shellPages;
}
