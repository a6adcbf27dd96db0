declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

/** Built entries of app/shell/pages (see vite.config.ts): page name → public URL. */
declare module "virtual:shell-pages" {
  const scripts: Record<string, string>;
  export default scripts;
}
