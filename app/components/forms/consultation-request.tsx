/**
 * Always mounted in the site layout: listens for openConsultationRequest(source) and loads the
 * dialog (form, Radix Dialog, validation) only the first time someone asks for it.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_CONSULTATION_EVENT, type ConsultationRequestDetail } from "~/lib/widget-events";

const ConsultationDialog = lazy(() => import("./consultation-dialog"));

export function ConsultationRequestHost() {
  const [state, setState] = useState<{ open: boolean; source: string; key: number } | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<ConsultationRequestDetail | undefined>).detail;
      // A new key per request gives the form fresh state (no stale errors from a previous open).
      setState((prev) => ({ open: true, source: detail?.source ?? "", key: (prev?.key ?? 0) + 1 }));
    };
    window.addEventListener(OPEN_CONSULTATION_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CONSULTATION_EVENT, onOpen);
  }, []);

  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ConsultationDialog
        key={state.key}
        open={state.open}
        source={state.source}
        setOpen={(open) => setState((prev) => (prev ? { ...prev, open } : prev))}
      />
    </Suspense>
  );
}
