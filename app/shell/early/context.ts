/**
 * What every job of the early script gets (app/lib/early-script.ts builds the script): the
 * page's constants, as JSON in the script's text, and the funnel beacon made from them.
 *
 * A job is a function sent as its source text (app/lib/inline-script.ts), so it may use only its
 * argument and the browser's globals: never an import or another function of its module.
 */
export interface EarlyConfig {
  /** The chat sheet's <dialog> (app/lib/widget-events.ts). */
  chatId: string;
  /** SPEC §9: the header turns solid past this many pixels of scroll. */
  threshold: number;
  /** The hidden idempotency field of every lead form. */
  keyField: string;
  /** Where analytics beacons go (docs/decisions/0040). */
  beaconUrl: string;
  /** The invoker commands polyfill, loaded only by a browser without them. */
  invokersPolyfill: string;
  /** The dialog `closedby` polyfill, loaded only by a browser without it. */
  closedByPolyfill: string;
  /** The window's function that hands over the submits held before the page's script ran (./held-submits.ts). */
  takeHeldSubmits: string;
}

/** A funnel step of Análises: `widget` (a dialog opened) or `form` (a lead form started, with its name). */
export type Beacon = (step: string, form?: string) => void;

export interface EarlyContext extends EarlyConfig {
  beacon: Beacon;
}

export type EarlyJob = (context: EarlyContext) => void;

/**
 * The context of the jobs: the config and a beacon that never delays or breaks anything (a
 * `navigator.sendBeacon`; decision 0040).
 */
export function earlyContext(config: EarlyConfig): EarlyContext {
  const beacon: Beacon = (k, f) => {
    try {
      navigator.sendBeacon(config.beaconUrl, JSON.stringify({ k, p: location.pathname, f }));
    } catch {
      /* analytics never breaks the page */
    }
  };
  return { ...config, beacon };
}
