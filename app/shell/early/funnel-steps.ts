/**
 * The analytics funnel steps a page request cannot show (decision 0040; the page's own view is
 * app/shell/early/page-view.ts): a dialog opened by an invoker (`widget`), and a lead form started
 * (`form`: its first input, once per form and page; a lead form has the idempotency field).
 * Beacons never delay anything.
 */
import type { EarlyContext } from "./context";

export function funnelSteps(c: EarlyContext) {
  // Window, capture: before the dialog opens (a polyfill opens it in the document's capture phase).
  addEventListener(
    "click",
    (event) => {
      const invoker = (event.target as Element).closest?.("button[commandfor]");
      if (!invoker || invoker.getAttribute("command") !== "show-modal") return;
      const dialog = document.getElementById(invoker.getAttribute("commandfor") ?? "") as HTMLDialogElement | null;
      if (dialog && !dialog.open) c.beacon("widget");
    },
    true,
  );
  const started = new WeakSet<HTMLFormElement>();
  document.addEventListener(
    "input",
    (event) => {
      const form = (event.target as HTMLInputElement).form;
      if (!form || started.has(form) || !form.elements.namedItem(c.keyField)) return;
      started.add(form);
      c.beacon("form", form.getAttribute("action")?.split("/").pop());
    },
    true,
  );
}
