/**
 * The phone menu, a `popover` opened by its button (`popovertarget`, which gives the button its
 * expanded state natively). This adds what the popover cannot do alone:
 * - the button's label, 'Abrir menu' / 'Fechar menu';
 * - closing when a link in it is chosen;
 * - closing when focus leaves it, so the next focused element is never under it (decision 0030);
 * - its 'Consultoria Gratuita' closing it before the chat opens, which gives focus back to the
 *   menu's button, so the chat returns focus there when it closes.
 */
export function phoneMenu() {
  const d = document;
  // Window, capture: before the dialog opens (a polyfill opens it in the document's capture phase).
  addEventListener(
    "click",
    (event) => {
      const menu = (event.target as Element).closest?.("button[commandfor]")?.closest<HTMLElement>("[data-mobile-menu]");
      if (menu?.matches(":popover-open")) menu.hidePopover();
    },
    true,
  );
  d.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("[popover] a");
    if (link) (link.closest("[popover]") as HTMLElement).hidePopover();
  });
  // The menu is not modal: when focus leaves it (Tab past its last link), it closes.
  d.addEventListener("focusout", (event) => {
    const menu = (event.target as Element).closest?.<HTMLElement>("[data-mobile-menu]");
    const next = event.relatedTarget as Element | null;
    if (!menu?.matches(":popover-open") || !next || menu.contains(next)) return;
    if (next.getAttribute("popovertarget") === menu.id) return; // its own button: Shift+Tab
    // Once focus has arrived, so the browser does not send it back to the menu's button.
    setTimeout(() => menu.matches(":popover-open") && menu.hidePopover());
  });
  d.addEventListener(
    "toggle",
    (event) => {
      const menu = event.target as HTMLElement;
      if (!menu.hasAttribute?.("data-mobile-menu")) return;
      const open = (event as ToggleEvent).newState === "open";
      for (const button of d.querySelectorAll(`[popovertarget="${menu.id}"]`)) {
        button.setAttribute("aria-label", open ? "Fechar menu" : "Abrir menu");
      }
    },
    true,
  );
}
