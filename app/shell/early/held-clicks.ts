/**
 * The admin is a React Router app (docs/decisions/0058): until it has hydrated, its buttons that
 * only a script can act on (Editar, Novo Post, the publish switch) do nothing, and a click on one
 * was lost. This inline script of router pages holds the last such click and replays it once
 * React has hydrated (`html[data-hydrated]`, app/root.tsx), so the admin's first click is never
 * lost. A form's submit button is let through (the form posts to its route's action without
 * JavaScript), and so are links.
 */
export function heldClicks() {
  const root = document.documentElement;
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    if (root.hasAttribute("data-hydrated")) return;
    const button = (event.target as Element).closest?.<HTMLButtonElement>("button");
    if (!button || (button.type === "submit" && button.form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = button;
  };
  // Window, capture: before React's own listener on its root.
  addEventListener("click", hold, true);
  const hydrated = new MutationObserver(() => {
    if (!root.hasAttribute("data-hydrated")) return;
    hydrated.disconnect();
    removeEventListener("click", hold, true);
    const button = held;
    held = null;
    if (button?.isConnected) button.click();
  });
  hydrated.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}
