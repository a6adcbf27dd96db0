/**
 * A part of a public page that needs JavaScript: a form that sends JSON and shows toasts, the
 * chat, the checkout's payment session, the payment countdown. Public pages are documents with
 * islands (docs/decisions/0058): the browser hydrates only these parts, each on its own
 * (app/shell/islands.tsx); the rest of the page is HTML that React never runs.
 *
 * The server renders `component` with `props`; the browser hydrates the same component, looked
 * up by `name` in app/shell/island-registry.ts, with the same props read from `data-props`. An
 * island wakes on its first use, or at load when `eager` (it acts by itself).
 */
import type { IslandName } from "~/shell/island-registry";
import type { ComponentType } from "react";

export function Island<P extends object>({
  name,
  component: Component,
  props,
  eager = false,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  eager?: boolean;
}) {
  const serialized = JSON.stringify(props);
  return (
    <div
      data-island={name}
      data-props={serialized === "{}" ? undefined : serialized}
      data-eager={eager ? "" : undefined}
      className="contents"
    >
      <Component {...props} />
    </div>
  );
}
