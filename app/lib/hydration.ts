/**
 * Whether the browser is doing the page's first render (hydration). Preact hydrates a page in one
 * go, so `HydrateLater` uses this to split long pages into several shorter tasks.
 */
let initialHydration = false;

export function isInitialHydration(): boolean {
  return initialHydration;
}

/** Runs the page's first render with the flag set (entry.client). */
export function hydrating(render: () => void): void {
  initialHydration = true;
  try {
    render();
  } finally {
    initialHydration = false;
  }
}
