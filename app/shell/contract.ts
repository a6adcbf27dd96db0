/**
 * Pages hydrated without React Router ("shell pages"): what the server renders for them and what
 * their browser entry (app/shell/pages/<name>.tsx) reads. The README ("Shell pages") explains why.
 */
import type { PublicSiteConfig } from "~/lib/site";

/** The element both hosts render the public layout into; the shell hydrates it. */
export const SITE_ROOT_ID = "site";
/** A JSON script beside it with what the router would otherwise have sent: {@link ShellData}. */
export const SHELL_DATA_ID = "shell-data";

export interface ShellData {
  site: PublicSiteConfig;
  /** The matched routes' handles (JSON), for components that read them (the header). */
  handles: unknown[];
}

/** A route opts in with `handle.shell`: the name of its entry under app/shell/pages. */
export interface ShellHandle {
  shell?: string;
}
