import { Suspense, type ReactNode } from "react";
import { isInitialHydration } from "~/lib/hydration";

let lastSlot: Promise<void> = Promise.resolve();

/** One macrotask after the previous deferred section: each section hydrates in a task of its own. */
function nextSlot(): Promise<void> {
  lastSlot = lastSlot.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return lastSlot;
}

function Gate({ children }: { children: ReactNode }) {
  // Suspending while hydrating keeps the server's markup on screen (and interactive as plain
  // HTML); the section hydrates when the promise settles.
  if (isInitialHydration()) throw nextSlot();
  return children;
}

/**
 * A below-the-fold section that hydrates after the rest of the page, in its own task, so the
 * first hydration doesn't block the main thread for the whole page at once. On the server and
 * on client-side navigations it renders straight away. The child must render one root element.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
