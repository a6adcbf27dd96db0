/**
 * A part of a public page that needs JavaScript: a form that sends JSON and shows toasts, or the
 * chat. A page opened first hydrates only these parts, each on its own (app/shell/islands.tsx);
 * the rest of the page is HTML that React never runs. Inside the router (a client-side
 * navigation) an island is just a wrapper with no box (`display: contents`).
 *
 * The server renders `component` with `props`; the browser hydrates the same component, looked
 * up by `name` in app/shell/island-registry.ts, with the same props read from `data-props`.
 */
import type { IslandName } from "~/shell/island-registry";
import type { ComponentType } from "react";

export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const serialized = JSON.stringify(props);
  return (
    <div data-island={name} data-props={serialized === "{}" ? undefined : serialized} className="contents">
      <Component {...props} />
    </div>
  );
}
