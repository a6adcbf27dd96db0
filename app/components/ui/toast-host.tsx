/**
 * Always mounted in the document: shows a toast left by a redirect (flash cookie) and loads the
 * Radix toast UI only once there is something to show, so pages do not pay for it up front.
 *
 * The admin (a router app) asks for it at once (`preload`), so its toasts show without a wait. A
 * toast may still mount after a dialog opened (its code late, or a refusal shown over a form):
 * Escape pressed in that dialog stays the dialog's (./escape, docs/decisions/0134).
 */
import { useEffect, useState, type ComponentType } from "react";
import { readFlash } from "~/lib/flash";
import { useLocation } from "~/lib/navigation";
import { toast, useToasts } from "./use-toast";

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

function loadToaster(): Promise<ComponentType> {
  loading ??= import("./toaster").then((module) => (loaded = module.default));
  return loading;
}

export function ToastHost({ preload = false }: { preload?: boolean }) {
  const items = useToasts();
  const location = useLocation();
  // Once the code is here, a toast mounts in the same commit as the change that asked for it.
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded);
  const wanted = preload || items.length > 0;

  useEffect(() => {
    if (Toaster || !wanted) return;
    let live = true;
    void loadToaster().then((component) => live && setToaster(() => component));
    return () => {
      live = false;
    };
  }, [Toaster, wanted]);

  // A server action that redirected may have left a toast for the next page (login, logout...).
  useEffect(() => {
    const flash = readFlash();
    if (flash) toast(flash);
  }, [location.key]);

  if (items.length === 0 || !Toaster) return null;
  return <Toaster />;
}
