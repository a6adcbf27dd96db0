import fs from "node:fs";
import { describe, expect, it } from "vitest";

describe("SECURITY.md", () => {
  it("sends reporters where /.well-known/security.txt does (its Contact is DPO_EMAIL)", () => {
    const policy = fs.readFileSync("SECURITY.md", "utf8");
    const route = fs.readFileSync("app/routes/security[.]txt.ts", "utf8");
    expect(route).toContain("`Contact: mailto:${env.DPO_EMAIL}`");
    expect(policy).toContain("/.well-known/security.txt");
    expect(policy).toContain("DPO_EMAIL");
    expect(route).toContain('"Preferred-Languages: pt, en"');
    expect(policy).toMatch(/Portuguese or\s+English/);
  });
});
