/**
 * The public layout: every page inside it is a document with islands (docs/decisions/0058),
 * declared here once. React Router renders these pages on the server only.
 */
import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SiteChrome } from "~/components/site-chrome";
import { loadAsDocument, PUBLIC_DOCUMENT } from "~/lib/document-page";

export const handle = PUBLIC_DOCUMENT;

/** A server loader, so the browser never needs this route's data to show a page the server rendered. */
export function loader() {
  return null;
}

/** The router runs the admin only: from there, a public page is a document load. */
export const clientLoader = loadAsDocument;

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A page that fails (its loader throws: the database is down) keeps the header and the footer. */
export function ErrorBoundary() {
  return (
    <SiteChrome failed>
      <GeneralErrorBoundary back={{ to: "/", label: "Voltar ao início" }} />
    </SiteChrome>
  );
}
