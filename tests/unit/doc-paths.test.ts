/**
 * The README and SECURITY.md point readers at files: every `app/…`, `server/…`, `tests/…`,
 * `scripts/…`, `bench/…`, `deploy/…` or `docs/…` path they name in backticks must exist, so a
 * move or a deletion cannot leave them pointing nowhere. (Decision records are history: they
 * keep the paths of their time.)
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** Written by the tools, not kept in the repository. */
const GENERATED = new Set(["bench/results/"]);
const PATH = /`((?:app|server|tests|scripts|bench|deploy|docs)\/[^`\s*{}<>]+?)`/g;

describe.each(["README.md", "SECURITY.md"])("%s", (file) => {
  it("names only files and folders that exist", () => {
    const text = fs.readFileSync(file, "utf8");
    const named = [...text.matchAll(PATH)].map((m) => m[1]!.replace(/[.,;:]$/, "")).filter((p) => !GENERATED.has(p));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !fs.existsSync(p))).toEqual([]);
  });
});
