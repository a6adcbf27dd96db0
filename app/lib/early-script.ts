/**
 * The inline scripts of public pages, in <head>, before anything is painted (docs/decisions/0117).
 * Controls are native first: the chat sheet and the consultation request are <dialog>s opened by
 * invoker buttons (`command="show-modal"`), the phone menu is a `popover`, links are links and
 * forms post. The early script adds only what native HTML cannot do yet, through listeners on the
 * document, so it works from the first paint, long before (or without) React. Each job is a module
 * of app/shell/early, tested on its own in Chromium (tests/unit/early-script.test.ts). Router pages
 * (the admin) load neither: they get ROUTER_SCRIPT, the held-clicks job alone.
 */
import closedByPolyfill from "dialog-closedby-polyfill?url";
import invokersPolyfill from "invokers-polyfill/invoker.min.js?url";
import { applyLink } from "~/shell/early/apply-link";
import { busyForms } from "~/shell/early/busy-forms";
import { consultationSource } from "~/shell/early/consultation-source";
import { consultationWidget } from "~/shell/early/consultation-widget";
import { earlyContext, type EarlyConfig, type EarlyJob } from "~/shell/early/context";
import { dialogClosedBy } from "~/shell/early/dialog-closedby";
import { floatingControls } from "~/shell/early/floating-controls";
import { funnelSteps } from "~/shell/early/funnel-steps";
import { HEADER_SCROLL_THRESHOLD, headerScroll } from "~/shell/early/header-scroll";
import { heldClicks } from "~/shell/early/held-clicks";
import { heldSubmits, TAKE_HELD_SUBMITS } from "~/shell/early/held-submits";
import { IDEMPOTENCY_FIELD, idempotencyKey } from "~/shell/early/idempotency-key";
import { invokerCommands } from "~/shell/early/invoker-commands";
import { countView } from "~/shell/early/page-view";
import { phoneMenu } from "~/shell/early/phone-menu";
import { ANALYTICS_BEACON_PATH } from "./analytics";
import { inlineJobs, inlineScript } from "./inline-script";
import { CHAT_DIALOG_ID } from "./widget-events";

/** The jobs in the order they run. The invoker polyfill's hold comes first: it may stop a click. */
export const EARLY_JOBS: readonly EarlyJob[] = [
  invokerCommands,
  dialogClosedBy,
  consultationSource,
  funnelSteps,
  phoneMenu,
  consultationWidget,
  headerScroll,
  floatingControls,
  applyLink,
  idempotencyKey,
  heldSubmits,
  heldClicks,
  busyForms,
];

export const EARLY_CONFIG: EarlyConfig = {
  chatId: CHAT_DIALOG_ID,
  threshold: HEADER_SCROLL_THRESHOLD,
  keyField: IDEMPOTENCY_FIELD,
  beaconUrl: ANALYTICS_BEACON_PATH,
  invokersPolyfill,
  closedByPolyfill,
  takeHeldSubmits: TAKE_HELD_SUBMITS,
};

/** The early script of every public page (allowed by the CSP through the page's nonce or hash). */
export const EARLY_SCRIPT = inlineJobs(earlyContext, EARLY_JOBS, EARLY_CONFIG);

/** The inline script of every page Análises counts: the page's own view (app/shell/early/page-view.ts). */
export const VIEW_SCRIPT = inlineScript(countView, ANALYTICS_BEACON_PATH);

/** The inline script of router pages (the admin): a click made before React hydrated is replayed (app/shell/early/held-clicks.ts). */
export const ROUTER_SCRIPT = inlineScript(heldClicks);
