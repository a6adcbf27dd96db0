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
 * - the floating controls (WhatsApp, 'Consultoria Gratuita') never over the focused element
 *   (decisions 0030 and 0059): it scrolls clear of them, or they step aside while it cannot;
 * - the phone menu's 'Consultoria Gratuita' closing the menu before it opens the chat, so the
 *   chat gives focus back to the menu's button;
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
import { inlineScript } from "./inline-script";
import { CHAT_DIALOG_ID } from "./widget-events";

/** SPEC §9: header style scroll threshold. */
export const HEADER_SCROLL_THRESHOLD = 10;
/** Hidden field of every lead form; see app/infra/idempotency.server.ts. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
/** Header with which the browser's JSON submits carry the same key. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

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

  // The floating controls (WhatsApp, 'Consultoria Gratuita') are always shown (decision 0059), and
  // never over the focused element (decision 0030): focus arriving under one scrolls the element
  // clear (`html`'s scroll-padding-bottom is the buttons' band); where it is still under one (the
  // element is taller than the room, or the reader scrolls it there), that control slides down out
  // of view (`data-float="away"`) until focus moves on or the element leaves its spot. Only focus
  // that shows (`:focus-visible`) and text fields count: a tapped button keeps no ring to cover.
  // Boxes are those at rest, measured once per viewport size, so a control's own state never
  // changes the answer.
  type Box = { left: number; top: number; right: number; bottom: number };
  const boxes = new Map<HTMLElement, Box>();
  const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const focusBox = (): Box | null => {
    const f = d.activeElement as HTMLElement | null;
    if (!f || f === d.body || f.closest("[data-floating-control], dialog[open], [popover]")) return null;
    if (
      !f.matches(
        ":focus-visible, textarea, select, [contenteditable], input:not([type=checkbox], [type=radio], [type=button], [type=submit], [type=reset], [type=image], [type=file], [type=range], [type=color])",
      )
    )
      return null;
    const r = f.getBoundingClientRect();
    // With its focus ring (outline 2 px, offset 2 px).
    return r.width || r.height ? { left: r.left - 4, top: r.top - 4, right: r.right + 4, bottom: r.bottom + 4 } : null;
  };
  let pending = 0;
  const placeFloating = (clear?: boolean) => {
    pending = 0;
    const controls: Array<[HTMLElement, Box]> = [];
    for (const el of d.querySelectorAll<HTMLElement>("[data-floating-control]")) {
      let box = boxes.get(el);
      if (!box) {
        if (el.dataset.float || getComputedStyle(el).translate !== "none") {
          delete el.dataset.float; // measured at rest; a later frame places it
          pending ||= requestAnimationFrame(() => placeFloating(clear));
          continue;
        }
        const r = el.getBoundingClientRect();
        if (!r.width) continue; // not laid out (hidden)
        boxes.set(el, (box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      }
      controls.push([el, box]);
    }
    let focus = focusBox();
    if (clear && focus && controls.some(([, box]) => overlaps(focus!, box))) {
      // Up above the band (scroll-padding-bottom), at once: the reader moved focus, not the page.
      d.activeElement!.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      focus = focusBox();
    }
    for (const [el, box] of controls) {
      const away = focus !== null && overlaps(focus, box);
      if (away !== (el.dataset.float === "away")) {
        if (away) el.dataset.float = "away";
        else delete el.dataset.float;
      }
    }
  };
  const schedule = () => (pending ||= requestAnimationFrame(() => placeFloating()));
  // Focus arriving, or the room changing (an on-screen keyboard that resizes the page): clear it.
  const clear = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => placeFloating(true));
  };
  addEventListener("scroll", schedule, { passive: true });
  d.addEventListener("focusin", clear);
  d.addEventListener("focusout", schedule);
  addEventListener("resize", () => {
    boxes.clear();
    clear();
  });

  d.addEventListener("click", (event) => {
    const target = event.target as Element;
    const invoker = target.closest?.("button[commandfor]");
    if (invoker) {
      const dialog = d.getElementById(invoker.getAttribute("commandfor") ?? "") as HTMLDialogElement | null;
      const source = invoker.getAttribute("data-source");
      if (dialog && source !== null) dialog.dataset.source = source;
      if (dialog && !dialog.open && invoker.getAttribute("command") === "show-modal") beacon("widget");
      // From the phone menu: the menu closes first (opening the dialog would close it anyway),
      // which gives focus back to the menu's button, so the dialog returns focus there.
      const menu = invoker.closest("[data-mobile-menu]") as HTMLElement | null;
      if (menu?.matches(":popover-open")) menu.hidePopover();
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
export const EARLY_SCRIPT = inlineScript(early, CHAT_DIALOG_ID, HEADER_SCROLL_THRESHOLD, IDEMPOTENCY_FIELD, ANALYTICS_BEACON_PATH);
