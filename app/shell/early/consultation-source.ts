/**
 * Which button asked for the consultation request (its `data-source`, SPEC §7 `source`): the
 * invoker's value goes on the dialog it opens, and from there into the form's `source` field when
 * the form is sent (app/components/forms/consultation-dialog.tsx).
 */
export function consultationSource() {
  // Window, capture: before the dialog opens (a polyfill opens it in the document's capture phase).
  addEventListener(
    "click",
    (event) => {
      const invoker = (event.target as Element).closest?.("button[commandfor]");
      const source = invoker?.getAttribute("data-source");
      const dialog = document.getElementById(invoker?.getAttribute("commandfor") ?? "");
      if (dialog && source != null) dialog.dataset.source = source;
    },
    true,
  );
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const source = form.elements.namedItem("source") as HTMLInputElement | null;
      const dialog = form.closest("dialog");
      if (source && dialog?.dataset.source !== undefined) source.value = dialog.dataset.source;
    },
    true,
  );
}
