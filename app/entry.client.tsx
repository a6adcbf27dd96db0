import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrating } from "./lib/hydration";

/**
 * The browser runs Preact through its React compatibility layer (see vite.config.ts). React
 * Router suspends its first render until it has decoded the server's data; React waits for that
 * at the root, Preact would render the page again instead of adopting the server's DOM. So the
 * router decodes first and the page hydrates once it no longer suspends.
 */
async function routerDataDecoded(): Promise<void> {
  for (;;) {
    try {
      // Throws the decoding promise while decoding; afterwards it creates the router and then
      // fails on its first hook (we are not rendering), which is expected and ignored.
      HydratedRouter({});
    } catch (thrown) {
      if (thrown instanceof Promise) {
        await thrown;
        continue;
      }
    }
    return;
  }
}

/** Ends the current task: the modules' start-up and the hydration run as two shorter tasks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

routerDataDecoded().then(nextTask).then(() => {
  startTransition(() => {
    hydrating(() =>
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      ),
    );
  });
});
