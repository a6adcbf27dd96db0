/**
 * A job's 'Candidatar-se' link chooses the position in the careers form (SPEC §2 Careers): the
 * link itself goes to the form (#candidatura), the browser scrolls, and this sets the select.
 */
export function applyLink() {
  document.addEventListener("click", (event) => {
    const apply = (event.target as Element).closest?.("a[data-apply]");
    const position = document.querySelector<HTMLSelectElement>("select[name=position]");
    if (!apply || !position) return;
    position.value = apply.getAttribute("data-apply") ?? "";
    position.dispatchEvent(new Event("change", { bubbles: true }));
    position.focus({ preventScroll: true });
  });
}
