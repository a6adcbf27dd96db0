/**
 * Light dismiss of dialogs (`closedby="any"`: a click on the backdrop closes the chat sheet and
 * the consultation request) for browsers that lack `closedby`: the maintained
 * `dialog-closedby-polyfill`, loaded only by those browsers (docs/decisions/0117). Escape closes
 * a modal dialog natively everywhere, so nothing is lost while it loads.
 */
import type { EarlyContext } from "./context";

export function dialogClosedBy(c: EarlyContext) {
  if ("closedBy" in HTMLDialogElement.prototype) return;
  const script = document.createElement("script");
  script.type = "module"; // the package is an ES module
  script.src = c.closedByPolyfill;
  document.head.append(script);
}
