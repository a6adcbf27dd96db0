/**
 * Public pages are documents with islands; the admin is a router app (docs/decisions/0058).
 * A route that renders public pages declares `handle.shell` and exports `loadAsDocument` as its
 * `clientLoader`, so the router never renders one in the browser.
 */
import { redirectDocument } from "react-router";
import type { ShellHandle } from "~/shell/contract";

/** The handle part of a public page (its browser entry: app/shell/pages/public.tsx). */
export const PUBLIC_DOCUMENT = { shell: "public" } as const satisfies ShellHandle;

/**
 * A client-side navigation from the admin to a public page (a link, a redirect after logout)
 * becomes a document load of that address.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}
