/**
 * A button that only a script can act on does nothing until the React root it belongs to is live,
 * and a click on one was lost: 'Permanecer nesta página' tapped the moment /payment-success is
 * painted (then the page left anyway), the admin's Editar, Novo Post or publish switch clicked
 * before it hydrated. This job holds the last such click and replays it once that root is live: an
 * island of a public page (`data-live`, app/shell/islands.tsx), which it marks `data-held-click` so
 * the page's script wakes it; or else the page (`html[data-hydrated]`: app/root.tsx for the admin,
 * app/shell/islands.tsx for public pages).
 *
 * Let through: a form's submit button (the form posts, or app/shell/early/held-submits.ts holds
 * it), a button with a native action (an invoker `command`, a `popovertarget`), and links.
 * It is a job of the public pages' early script and the whole inline script of router pages
 * (docs/decisions/0125).
 */
export function heldClicks() {
  const page = document.documentElement;
  let held: HTMLButtonElement | null = null;
  const rootOf = (button: Element) => button.closest<HTMLElement>("[data-island]");
  const live = (button: Element) => {
    const island = rootOf(button);
    return island ? island.dataset.live === "true" : page.hasAttribute("data-hydrated");
  };
  // Window, capture: before React's own listener on its root.
  addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element).closest?.<HTMLButtonElement>("button");
      if (!button || live(button)) return;
      if ((button.type === "submit" && button.form) || button.hasAttribute("command") || button.hasAttribute("popovertarget")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = button;
      rootOf(button)?.setAttribute("data-held-click", "");
    },
    true,
  );
  new MutationObserver(() => {
    const button = held;
    if (!button || !live(button)) return;
    held = null;
    rootOf(button)?.removeAttribute("data-held-click");
    if (button.isConnected) button.click();
  }).observe(page, { subtree: true, attributes: true, attributeFilter: ["data-hydrated", "data-live"] });
}
