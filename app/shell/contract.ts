/**
 * Public pages are documents with islands (docs/decisions/0058): the server renders them, the
 * browser never runs React Router on them, and their browser entry (app/shell/pages/<name>.tsx)
 * wakes the islands. This is what the server sends such a page and what its entry reads.
 */
import type { PublicSiteConfig } from "~/lib/site";

/** A JSON script in the page with what the islands need: {@link ShellData}. */
export const SHELL_DATA_ID = "shell-data";

export interface ShellData {
  site: PublicSiteConfig;
  /** The matched routes' handles (JSON, without their policies), for components that read them (the header). */
  handles: unknown[];
}

/**
 * A route whose subtree is public pages says so with `handle.shell`: the name of their browser
 * entry under app/shell/pages. The public layout (app/routes/site-layout.tsx) declares it for
 * every page inside it; the few public routes outside it declare it themselves.
 */
export interface ShellHandle {
  shell?: string;
}

/** The browser entry of the page these matched handles make, or undefined for a router page (the admin). */
export function shellPageOf(handles: readonly unknown[]): string | undefined {
  return handles.map((handle) => (handle as ShellHandle | undefined)?.shell).findLast(Boolean);
}
