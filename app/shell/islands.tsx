/**
 * Browser side of every public page (a document with islands; docs/decisions/0003, 0058). Every
 * control already works without this (native dialogs, a popover menu, forms that post); the
 * islands (app/components/island.tsx) add JSON submits with toasts, validation as you type, the
 * chat, the checkout's payment session and the payment countdown.
 *
 * Most islands hydrate on their first use, not at load: a pointer or focus entering one, or a
 * dialog inside it opening (by an invoker button, the early script or code). A phone that only
 * reads the page never runs React, and one that taps runs only the island it tapped. Islands
 * marked `data-eager` (they act by themselves: the checkout, the countdown) hydrate at once. A
 * submit made before its island is live is held, and sent again by the hydrated form (JSON,
 * toasts); if the island's code cannot load, the form posts natively after all.
 */
import { AUTH_STORAGE_KEY } from "~/lib/messages/auth";
import { blogText } from "~/lib/messages/blog";
import { SHELL_DATA_ID, type ShellData } from "./contract";
import { TAKE_HELD_SUBMITS, type TakeHeldSubmits } from "./early/held-submits";
import { ISLANDS } from "./island-registry";

const hydrated = new WeakMap<HTMLElement, Promise<void>>();
let toastsMounted = false;

/** React and the island's code, then the island itself; resolves once React has committed it. */
async function hydrateIsland(element: HTMLElement, data: ShellData): Promise<void> {
  const load = ISLANDS[element.dataset.island ?? ""];
  if (!load) return;
  const [
    { startTransition, useEffect },
    { createRoot, hydrateRoot },
    { NavigationProvider, plainNavigation },
    { SiteConfigProvider },
    Component,
  ] = await Promise.all([import("react"), import("react-dom/client"), import("~/lib/navigation"), import("~/lib/site-config"), load()]);
  if (!toastsMounted) mountToasts(createRoot);
  const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  /** Renders nothing; tells when React has committed the island it is in. */
  function Committed({ onCommit }: { onCommit: () => void }) {
    useEffect(onCommit, [onCommit]);
    return null;
  }
  await new Promise<void>((resolve) =>
    // As a transition, hydration yields to the browser every few milliseconds.
    startTransition(() => {
      hydrateRoot(
        element,
        <NavigationProvider value={plainNavigation(data.handles, window.location.pathname)}>
          <SiteConfigProvider value={data.site}>
            <Component {...props} />
            <Committed onCommit={resolve} />
          </SiteConfigProvider>
        </NavigationProvider>,
      );
    }),
  );
}

/** Toasts render nothing on the server: a root of their own, beside the page. */
function mountToasts(createRoot: typeof import("react-dom/client").createRoot) {
  toastsMounted = true;
  const container = document.createElement("div");
  document.body.append(container);
  void import("~/components/ui/toast-host").then(({ ToastHost }) => createRoot(container).render(<ToastHost />));
}

/**
 * SPEC §4's `isAuthenticated` flag is a UI mirror of the server's session (nothing trusts it): a
 * page that knows there is no session says so with `data-signed-out` (the login), and the flag goes.
 */
function clearSignedOutFlag(): void {
  if (!document.querySelector("[data-signed-out]")) return;
  try {
    window.localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    /* storage blocked: there is no flag either */
  }
}

/** The blog's 'Login Admin' link becomes 'Área Administrativa' for a logged-in admin (SPEC §2). */
function showAdminLink(): void {
  let admin = false;
  try {
    admin = window.localStorage.getItem(AUTH_STORAGE_KEY) === "true";
  } catch {
    /* storage blocked: keep 'Login Admin' */
  }
  if (!admin) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-admin-link]")) {
    link.href = "/admin";
    link.textContent = blogText.adminArea;
  }
}

/** On phones the blog's category row scrolls: the selected chip is brought into view (horizontally only). */
function showSelectedChip(): void {
  const row = document.querySelector<HTMLElement>("[data-chip-row]");
  const current = row?.querySelector<HTMLElement>("[aria-current=page]");
  if (!row || !current || row.scrollWidth <= row.clientWidth) return;
  row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
}

function islandOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>("[data-island]") : null;
}

export function armIslands(): void {
  const data = JSON.parse(document.getElementById(SHELL_DATA_ID)?.textContent ?? "null") as ShellData | null;
  // Submits the early script held before this ran (app/shell/early/held-submits.ts).
  const takeHeld = (window as unknown as Record<string, TakeHeldSubmits | undefined>)[TAKE_HELD_SUBMITS];
  // An error page rendered in the page's place has no islands' data: it stays plain HTML, and
  // what was held posts natively.
  if (!data) return void takeHeld?.(true);

  const wake = (element: HTMLElement | null): Promise<void> | undefined => {
    if (!element) return undefined;
    let done = hydrated.get(element);
    if (!done) {
      // From then on the island's submits are React's (see the submit listener below).
      done = hydrateIsland(element, data).then(() => void (element.dataset.live = "true"));
      hydrated.set(element, done);
    }
    return done;
  };

  for (const type of ["pointerdown", "focusin"] as const) {
    document.addEventListener(type, (event) => void wake(islandOf(event.target)), { capture: true, passive: true });
  }

  /** Lets the island, once live, send a submit made before (the hydrated form sends it its way). */
  const replay = (island: HTMLElement, form: HTMLFormElement, submitter: HTMLElement | null) =>
    wake(island)!.then(
      () => form.requestSubmit(submitter && submitter.isConnected ? submitter : null),
      () => form.submit(), // the island's code did not load: the native post still works
    );

  // A submit before the island is live: hold it, then let the hydrated form send it.
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const island = islandOf(form);
      if (!island || island.dataset.live === "true" || event.defaultPrevented) return;
      // A dialog's own close buttons (method="dialog") need nothing from the island.
      if (form.method === "dialog" || (event.submitter as HTMLButtonElement | null)?.formMethod === "dialog") return;
      event.preventDefault();
      void replay(island, form, event.submitter as HTMLElement | null);
    },
    { capture: true },
  );
  // And those made before this script ran, which the early script held.
  for (const [form, submitter] of takeHeld?.() ?? []) {
    const island = islandOf(form);
    if (island) void replay(island, form, submitter);
  }

  // A dialog inside an island opened (invoker button, early script or code): wake its island.
  const opened = new MutationObserver((records) => {
    for (const record of records) {
      const dialog = record.target as HTMLDialogElement;
      if (dialog.open) void wake(islandOf(dialog));
    }
  });
  for (const dialog of document.querySelectorAll<HTMLDialogElement>("[data-island] dialog")) {
    opened.observe(dialog, { attributes: true, attributeFilter: ["open"] });
    if (dialog.open) void wake(islandOf(dialog)); // opened before this script ran
  }

  // Islands that act by themselves (a payment session, a countdown) wake now, and so does one
  // whose button was clicked before this ran (app/shell/early/held-clicks.ts replays the click).
  for (const island of document.querySelectorAll<HTMLElement>("[data-island][data-eager], [data-island][data-held-click]"))
    void wake(island);

  clearSignedOutFlag();
  showAdminLink();
  showSelectedChip();

  // A toast left by a redirect (flash cookie) shows without waiting for an island.
  if (document.cookie.split("; ").some((c) => c.startsWith("flash="))) {
    void import("react-dom/client").then(({ createRoot }) => void (toastsMounted || mountToasts(createRoot)));
  }
  // The page's script has run: every island now wakes on first use (browser tests, bench).
  document.documentElement.dataset.hydrated = "true";
}
