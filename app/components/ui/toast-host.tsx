/**
 * Always mounted in the document: shows a toast left by a redirect (flash cookie) and loads the
 * Radix toast UI only once there is something to show, so pages do not pay for it up front.
 */
import { lazy, Suspense, useEffect } from "react";
import { readFlash } from "~/lib/flash";
import { useLocation } from "~/lib/navigation";
import { toast, useToasts } from "./use-toast";

const Toaster = lazy(() => import("./toaster"));

export function ToastHost() {
  const items = useToasts();
  const location = useLocation();

  // A server action that redirected may have left a toast for the next page (login, logout...).
  useEffect(() => {
    const flash = readFlash();
    if (flash) toast(flash);
  }, [location.key]);

  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
