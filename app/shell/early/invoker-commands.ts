/**
 * Invoker commands (`<button commandfor command="show-modal">`) for browsers that lack them
 * (Safari < 26.2, Chrome < 135): the maintained `invokers-polyfill`, loaded only by those
 * browsers. Until it has run, a tap on an invoker is held (nothing else sees it) and then replayed
 * as a click, so the first tap is never lost (docs/decisions/0117).
 */
import type { EarlyContext } from "./context";

export function invokerCommands(c: EarlyContext) {
  if ("command" in HTMLButtonElement.prototype) return;
  let held: HTMLElement | null = null;
  // Window, capture: before the page's other listeners and the polyfill's own (document, capture).
  const hold = (event: Event) => {
    const invoker = (event.target as Element).closest?.<HTMLElement>("button[commandfor]");
    if (!invoker) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = invoker;
  };
  addEventListener("click", hold, true);
  const script = document.createElement("script");
  script.src = c.invokersPolyfill;
  script.onload = script.onerror = () => {
    removeEventListener("click", hold, true);
    held?.click();
    held = null;
  };
  document.head.append(script);
}
