/**
 * Every decision record says when it was taken and whether it still holds: `- Date: YYYY-MM-DD`
 * and `- Status: accepted`, `superseded by N` or `partly superseded by N (…)`, right under its
 * title; a record it names as superseding it exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "docs/decisions";
const records = fs.readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));

describe.each(records)("%s", (file) => {
  const [title, blank, date, status] = fs.readFileSync(path.join(DIR, file), "utf8").split("\n");

  it("has a title, a date and a status", () => {
    expect(title).toMatch(new RegExp(`^# ${Number(file.slice(0, 4))}\\. `));
    expect(blank).toBe("");
    expect(date).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- Status: (accepted|superseded by \d{4}|partly superseded by \d{4})\b/);
  });

  it("names only records that exist as superseding it", () => {
    const by = /superseded by (\d{4})/.exec(status ?? "")?.[1];
    if (by) expect(records.some((r) => r.startsWith(`${by}-`))).toBe(true);
  });
});
