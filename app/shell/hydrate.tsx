/**
 * Browser side of a shell page: hydrates the public layout around the page's content with the
 * plain navigation (anchors, window.location) instead of React Router. The server rendered the
 * same components inside #site (routes/site-layout.tsx), so hydration matches.
 */
import { startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SiteChrome } from "~/components/site-chrome";
import { ToastHost } from "~/components/ui/toast-host";
import { NavigationProvider, plainNavigation } from "~/lib/navigation";
import { SiteConfigProvider } from "~/lib/site-config";
import { SHELL_DATA_ID, SITE_ROOT_ID, type ShellData } from "./contract";

function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"; // lets browser tests wait for hydration
  }, []);
  return null;
}

export function hydrateShell(page: ReactNode): void {
  const data = JSON.parse(document.getElementById(SHELL_DATA_ID)?.textContent ?? "null") as ShellData | null;
  const container = document.getElementById(SITE_ROOT_ID);
  // An error page rendered in the page's place has no layout to hydrate: it stays plain HTML.
  if (!data || !container) return;
  // As a transition, hydration yields to the browser every few milliseconds (as React Router's
  // entry does) instead of blocking the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      container,
      <NavigationProvider value={plainNavigation(data.handles)}>
        <SiteConfigProvider value={data.site}>
          <SiteChrome>{page}</SiteChrome>
          <Hydrated />
        </SiteConfigProvider>
      </NavigationProvider>,
    );
  });
  // Toasts render nothing on the server: a root of their own, beside the page.
  const toasts = document.createElement("div");
  document.body.append(toasts);
  createRoot(toasts).render(<ToastHost />);
}
