/**
 * The one script every public page runs inline in <head>, before anything is painted (a few
 * hundred bytes). Controls are native first: the chat sheet and the consultation request are
 * <dialog>s opened by invoker buttons (`command="show-modal"`), the phone menu is a `popover`,
 * links are links and forms post. This script only adds what native HTML cannot do yet, through
 * listeners on the document, so it works from the first paint, long before (or without) React:
 * - invoker commands for browsers that lack them (Safari < 26.2, Chrome < 135);
 * - the consultation request's `source` (which button asked) copied into its form;
 * - light dismiss of dialogs where `closedby` is unknown;
 * - the phone menu's label ('Abrir menu' / 'Fechar menu'), and closing it when a link is chosen
 *   (the browser itself exposes the button's expanded state: `popovertarget`);
 * - a job's 'Candidatar-se' link choosing the position in the form (SPEC §2 Careers);
 * - an idempotency key in every lead form, so a double submit stores the lead once;
 * - the header's "scrolled" state (SPEC §2: frosted past 10 px);
 * - the phone menu closing when focus leaves it, so nothing focused is ever under it (decision 0030);
 * - the floating controls (WhatsApp, 'Consultoria Gratuita') stepping aside from text (decision 0021)
 *   and from the focused element (decision 0030);
 * - `window.openConsultationWidget()`, the spec's global page function;
 * - the busy state of plain forms (`data-busy-label`: the login, the demo checkout, the e-mail
 *   links, the search): the submit button's label, `aria-disabled` and the form's `aria-busy`
 *   while the post is on its way, a second submit blocked, all undone when the page comes back
 *   from the back/forward cache (docs/decisions/0058);
 * - the analytics funnel steps a page request cannot show (a dialog opened, a form started), as
 *   `navigator.sendBeacon`s that never delay anything (decision 0040; the page's own view beacon
 *   is decision 0056).
 * React hydrates later and adds validation, JSON submits and the chat; nothing here waits for it.
 */
import { ANALYTICS_BEACON_PATH } from "./analytics";
import { CHAT_DIALOG_ID } from "./widget-events";

/** SPEC §9: header style scroll threshold. */
export const HEADER_SCROLL_THRESHOLD = 10;
/** Hidden field of every lead form; see app/infra/idempotency.server.ts. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

// Written as a real function for type checking; sent as its source text (see EARLY_SCRIPT).
function early(chatId: string, threshold: number, keyField: string, beaconUrl: string) {
  const d = document;
  const beacon = (k: string, f?: string) => {
    try {
      navigator.sendBeacon(beaconUrl, JSON.stringify({ k, p: location.pathname, f }));
    } catch {
      /* analytics never breaks the page */
    }
  };
  d.documentElement.classList.add("js"); // styles that need this script (app.css: header-solid)
  const invokers = "command" in HTMLButtonElement.prototype;
  const closedBy = "closedBy" in HTMLDialogElement.prototype;
  (window as { openConsultationWidget?: () => void }).openConsultationWidget = () => {
    const dialog = d.getElementById(chatId) as HTMLDialogElement | null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      beacon("widget");
    }
  };

  const scrolled = () => {
    const header = d.querySelector<HTMLElement>("[data-site-header]");
    if (header) header.dataset.scrolled = String(scrollY > threshold);
  };
  addEventListener("scroll", scrolled, { passive: true });
  d.addEventListener("DOMContentLoaded", scrolled);

  // Floating controls never sit on text (decision 0021) nor on the focused element
  // (decision 0030). Over text a control folds to its icon (`data-float="icon"`, the
  // label stays as its accessible name); where the icon would still cover text it slides out of
  // view (`away`) until the reader scrolls on, or it gets focus. Boxes are worked out from the
  // unfolded box measured once per viewport size, so a control's own state never changes the
  // answer.
  type Box = { left: number; top: number; right: number; bottom: number };
  const boxes = new Map<HTMLElement, Box>();
  const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const range = d.createRange();
  const coversText = (control: Box) => {
    // 4 px around the control (its ring and shadow) count as covered too.
    const box = { left: control.left - 4, top: control.top - 4, right: control.right + 4, bottom: control.bottom + 4 };
    // The focused element with its focus ring (outline 2 px, offset 2 px) counts as text.
    const focused = d.activeElement;
    if (focused && focused !== d.body && !focused.closest("[data-floating-control], dialog[open], [popover]")) {
      const f = focused.getBoundingClientRect();
      if (f.width && overlaps({ left: f.left - 4, top: f.top - 4, right: f.right + 4, bottom: f.bottom + 4 }, box)) return true;
    }
    const seen = new Set<Element>();
    // Every element under a 12 px grid of the box; then the exact boxes of their own text.
    for (let y = box.top + 1; y < box.bottom + 11; y += 12)
      for (let x = box.left + 1; x < box.right + 11; x += 12)
        for (const el of d.elementsFromPoint(Math.min(x, box.right - 1), Math.min(y, box.bottom - 1))) {
          if (seen.has(el) || el.closest("[data-floating-control]")) continue;
          seen.add(el);
          for (const node of el.childNodes) {
            if (node.nodeType !== 3 || !/\S/.test(node.nodeValue ?? "")) continue;
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (overlaps(rect, box)) return true;
          }
        }
    return false;
  };
  let pending = 0;
  const placeFloating = () => {
    pending = 0;
    for (const el of d.querySelectorAll<HTMLElement>("[data-floating-control]")) {
      let box = boxes.get(el);
      if (!box) {
        if (el.dataset.float || getComputedStyle(el).translate !== "none") {
          delete el.dataset.float; // measured unfolded and at rest; a later frame places it
          pending ||= requestAnimationFrame(placeFloating);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (!r.width) continue; // not laid out (hidden)
        boxes.set(el, (box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      }
      // The icon: a square as tall as the control, in its corner.
      const side = box.bottom - box.top;
      const right = el.dataset.floatingControl === "right";
      const icon = right ? { ...box, left: box.right - side } : { ...box, right: box.left + side };
      const state = !coversText(box) ? "" : !coversText(icon) ? "icon" : "away";
      if ((el.dataset.float ?? "") !== state) {
        if (state) el.dataset.float = state;
        else delete el.dataset.float;
      }
    }
  };
  const schedule = () => (pending ||= requestAnimationFrame(placeFloating));
  addEventListener("scroll", schedule, { passive: true });
  d.addEventListener("focusin", schedule);
  d.addEventListener("focusout", schedule);
  addEventListener("load", schedule);
  addEventListener("resize", () => {
    boxes.clear();
    schedule();
  });
  d.addEventListener("DOMContentLoaded", schedule);

  d.addEventListener("click", (event) => {
    const target = event.target as Element;
    const invoker = target.closest?.("button[commandfor]");
    if (invoker) {
      const dialog = d.getElementById(invoker.getAttribute("commandfor") ?? "") as HTMLDialogElement | null;
      const source = invoker.getAttribute("data-source");
      if (dialog && source !== null) dialog.dataset.source = source;
      if (dialog && !dialog.open && invoker.getAttribute("command") === "show-modal") beacon("widget");
      if (dialog && !invokers) {
        const command = invoker.getAttribute("command");
        if (command === "show-modal" && !dialog.open) dialog.showModal();
        if (command === "close") dialog.close();
      }
      return;
    }
    // A click on a modal dialog's own box, not its content, is a click on the backdrop.
    if (target.localName === "dialog" && !closedBy && target.getAttribute("closedby") === "any") {
      (target as HTMLDialogElement).close();
      return;
    }
    const apply = target.closest?.("a[data-apply]");
    const position = d.querySelector<HTMLSelectElement>("select[name=position]");
    if (apply && position) {
      // The link itself goes to the form (#candidatura): the browser scrolls.
      position.value = apply.getAttribute("data-apply") ?? "";
      position.dispatchEvent(new Event("change", { bubbles: true }));
      position.focus({ preventScroll: true });
      return;
    }
    const menuLink = target.closest?.("[popover] a");
    if (menuLink) (menuLink.closest("[popover]") as HTMLElement).hidePopover();
  });

  // The phone menu is not modal: when focus leaves it (Tab past its last link), it closes, so
  // the next focused element is never under it (decision 0030).
  d.addEventListener("focusout", (event) => {
    const menu = (event.target as Element).closest?.("[data-mobile-menu]") as HTMLElement | null;
    const next = (event as FocusEvent).relatedTarget as Element | null;
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

  // A lead form (it has the idempotency field) started: its first input, once per page.
  const started = new WeakSet<HTMLFormElement>();
  d.addEventListener(
    "input",
    (event) => {
      const form = (event.target as HTMLInputElement).form;
      if (!form || started.has(form) || !form.elements.namedItem(keyField)) return;
      started.add(form);
      beacon("form", form.getAttribute("action")?.split("/").pop());
    },
    true,
  );

  d.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const key = form.elements.namedItem(keyField) as HTMLInputElement | null;
      if (key && !key.value)
        key.value = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
      const source = form.elements.namedItem("source") as HTMLInputElement | null;
      const dialog = form.closest("dialog");
      if (source && dialog?.dataset.source !== undefined) source.value = dialog.dataset.source;
    },
    true,
  );
  // Plain forms say they are busy while their post is on its way (docs/decisions/0058): the
  // submitter shows its `data-busy-label` (or the form's), every submit button is aria-disabled
  // (not disabled: a disabled submitter would drop its name=value from the post), and a second
  // submit is blocked. After the listeners of the page (an island may take the submit itself).
  const busy: Array<() => void> = [];
  d.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.hasAttribute?.("data-busy-label")) return;
    if (form.getAttribute("aria-busy") === "true") return event.preventDefault();
    if (event.defaultPrevented) return;
    form.setAttribute("aria-busy", "true");
    busy.push(() => form.removeAttribute("aria-busy"));
    const submitter = (event as SubmitEvent).submitter;
    for (const button of form.querySelectorAll<HTMLElement>("button:not([type]), button[type=submit], input[type=submit]")) {
      button.setAttribute("aria-disabled", "true");
      busy.push(() => button.removeAttribute("aria-disabled"));
    }
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

/** The inline script's text (allowed by the CSP through the page's nonce or hash). */
export const EARLY_SCRIPT = `(${early.toString()})(${JSON.stringify(CHAT_DIALOG_ID)},${HEADER_SCROLL_THRESHOLD},${JSON.stringify(IDEMPOTENCY_FIELD)},${JSON.stringify(ANALYTICS_BEACON_PATH)})`;
