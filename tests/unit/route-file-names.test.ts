/**
 * A route module's file is named after its URL (docs/decisions/0072): under app/routes/, the path's
 * segments joined by `.`, `:param` as `$param`, `*` as `$`, an index as `_index`, a literal dot as
 * `[.]`; the first segment `admin` or `api` is a folder. A layout (a route with children) is named
 * for what it holds, and a module mounted at several paths (one per lead form) for what it serves.
 */
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import type { RouteConfigEntry } from "@react-router/dev/routes";

const FOLDERS = new Set(["admin", "api"]);

function expectedFile(segments: string[]): string {
  const parts = segments.map((s) => (s.startsWith(":") ? `$${s.slice(1)}` : s === "*" ? "$" : s.replaceAll(".", "[.]")));
  const [head, ...rest] = parts;
  if (head && FOLDERS.has(head)) return `routes/${head}/${rest.length ? rest.join(".") : "_index"}`;
  return `routes/${parts.length ? parts.join(".") : "_index"}`;
}

function* walk(entries: RouteConfigEntry[], parent: string[]): Generator<{ entry: RouteConfigEntry; segments: string[] }> {
  for (const entry of entries) {
    const segments = entry.path ? [...parent, ...entry.path.split("/")] : parent;
    yield { entry, segments };
    if (entry.children) yield* walk(entry.children, segments);
  }
}

describe("route module names", () => {
  it("follow their URLs", () => {
    const checked: string[] = [];
    for (const { entry, segments } of walk(routes, [])) {
      const layout = Boolean(entry.children?.length) || (!entry.path && !entry.index);
      const shared = entry.id !== undefined; // one module at several paths
      if (layout || shared) continue;
      expect(entry.file.replace(/\.tsx?$/, ""), `/${segments.join("/")}`).toBe(expectedFile(segments));
      checked.push(entry.file);
    }
    expect(checked.length).toBeGreaterThan(60);
  });
});
