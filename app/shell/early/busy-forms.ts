/**
 * Plain forms say they are busy while their post is on its way (docs/decisions/0058): the login,
 * its second step, the demo checkout, the e-mail links and the search mark themselves with
 * `data-busy-label`. The submitter shows that label (its own or the form's), every submit button
 * is aria-disabled (not disabled: a disabled submitter would drop its name=value from the post),
 * the form is `aria-busy`, and a second submit is blocked. All of it is undone when the page comes
 * back from the back/forward cache.
 */
export function busyForms() {
  const busy: Array<() => void> = [];
  // Bubbling, after the page's own listeners: an island may take the submit itself.
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.hasAttribute?.("data-busy-label")) return;
    if (form.getAttribute("aria-busy") === "true") return event.preventDefault();
    if (event.defaultPrevented) return;
    form.setAttribute("aria-busy", "true");
    busy.push(() => form.removeAttribute("aria-busy"));
    for (const button of form.querySelectorAll<HTMLElement>("button:not([type]), button[type=submit], input[type=submit]")) {
      button.setAttribute("aria-disabled", "true");
      busy.push(() => button.removeAttribute("aria-disabled"));
    }
    const submitter = event.submitter;
    const label = submitter?.getAttribute("data-busy-label") ?? form.getAttribute("data-busy-label");
    if (submitter?.localName === "button" && label) {
      const content = [...submitter.childNodes];
      submitter.replaceChildren(label);
      busy.push(() => submitter.replaceChildren(...content));
    }
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) busy.splice(0).forEach((undo) => undo());
  });
}
