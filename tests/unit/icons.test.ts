import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script, without type declarations
import { buildSprite, declaredIcons, SPRITE } from "../../scripts/icons.mjs";

describe("icon sprite", () => {
  it("holds exactly the icons app/components/ui/icons.tsx exports (run `npm run icons` after adding one)", async () => {
    expect((declaredIcons() as unknown[]).length).toBeGreaterThan(50);
    expect(fs.readFileSync(SPRITE as string, "utf8")).toBe(await buildSprite());
  });

  it("no module draws lucide's components directly (their paths would be written into every page)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && fs.readFileSync(file, "utf8").includes('from "lucide-react"')) offenders.push(file);
      }
    };
    walk("app");
    expect(offenders).toEqual([]);
  });
});
