/**
 * A form of an island sent before the page's script has run (a visitor on a slow phone, browser
 * autofill, a tap right after the first paint) is held, not posted natively: a native post would
 * reload the page and close the chat sheet the visitor is in. The page's script takes the held
 * submits when it runs (app/shell/islands.tsx) and lets each island send its own, as it does for a
 * submit made before that island woke (docs/decisions/0121).
 *
 * Never lost: if the page's script cannot load (its import failed, app/shell/boot-script.ts) or
 * the page has no islands' data, the held forms post natively after all, as without JavaScript
 * (docs/decisions/0002). There is no time limit: on a slow phone or a busy host the script can take
 * many seconds to run, and giving up then would be the reload this avoids. The form is `aria-busy`
 * meanwhile. A dialog's own close buttons (`method="dialog"`) and forms outside islands (the
 * login, the search) are never held.
 */
import type { EarlyContext } from "./context";

/** The window's function that hands the held submits over: `natively` posts them instead. */
export const TAKE_HELD_SUBMITS = "takeHeldSubmits";
export type TakeHeldSubmits = (natively?: boolean) => Array<[form: HTMLFormElement, submitter: HTMLElement | null]>;

export function heldSubmits(c: EarlyContext) {
  const held = new Map<HTMLFormElement, HTMLElement | null>();
  let taken = false;
  const take = (natively = false) => {
    taken = true;
    const list = [...held];
    held.clear();
    for (const [form] of list) form.removeAttribute("aria-busy");
    if (!natively) return list;
    // Nothing takes them any more: each goes as its own native post (its submitter's name=value kept).
    for (const [form, submitter] of list) form.requestSubmit(submitter?.isConnected ? submitter : null);
    return [];
  };
  (window as unknown as Record<string, unknown>)[c.takeHeldSubmits] = take;
  // Window, capture: before the page's other listeners, which then see the submit prevented.
  addEventListener(
    "submit",
    (event) => {
      if (taken) return;
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter as HTMLButtonElement | null;
      if (!form.closest?.("[data-island]") || form.method === "dialog" || submitter?.formMethod === "dialog") return;
      event.preventDefault();
      held.set(form, submitter);
      form.setAttribute("aria-busy", "true");
    },
    true,
  );
}
