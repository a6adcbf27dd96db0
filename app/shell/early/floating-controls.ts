/**
 * The floating controls (WhatsApp, 'Consultoria Gratuita') are always shown (decision 0059), and
 * never over the focused element (decision 0030): focus arriving under one scrolls the element
 * clear (`html`'s scroll-padding-bottom is the buttons' band); where it is still under one (the
 * element is taller than the room, or the reader scrolls it there), that control slides down out
 * of view (`data-float="away"`) until focus moves on or the element leaves its spot. Only focus
 * that shows (`:focus-visible`) and text fields count: a tapped button keeps no ring to cover.
 * Boxes are those at rest, measured once per viewport size, so a control's own state never
 * changes the answer.
 */
export function floatingControls() {
  const d = document;
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
  const place = (clear?: boolean) => {
    pending = 0;
    const controls: Array<[HTMLElement, Box]> = [];
    for (const el of d.querySelectorAll<HTMLElement>("[data-floating-control]")) {
      let box = boxes.get(el);
      if (!box) {
        if (el.dataset.float || getComputedStyle(el).translate !== "none") {
          delete el.dataset.float; // measured at rest; a later frame places it
          pending ||= requestAnimationFrame(() => place(clear));
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
  const schedule = () => (pending ||= requestAnimationFrame(() => place()));
  // Focus arriving, or the room changing (an on-screen keyboard that resizes the page): clear it.
  const clear = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => place(true));
  };
  addEventListener("scroll", schedule, { passive: true });
  d.addEventListener("focusin", clear);
  d.addEventListener("focusout", schedule);
  addEventListener("resize", () => {
    boxes.clear();
    clear();
  });
}
