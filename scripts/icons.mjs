// Writes app/components/ui/icon-sprite.svg: one <symbol> per icon that app/components/ui/icons.tsx
// exports, drawn by lucide (the library's own markup, rendered here). Pages then draw an icon as
// a few bytes (`<use href="…#name">`) instead of its paths, once per use (docs/decisions/0057).
// Run after adding an icon: `npm run icons`. tests/unit/icons.test.ts fails while the sprite is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ICONS_MODULE = path.join(root, "app/components/ui/icons.tsx");
export const SPRITE = path.join(root, "app/components/ui/icon-sprite.svg");

/** `export const Name = icon("kebab-name")` lines of the icons module: lucide's name and the symbol id. */
export function declaredIcons(source = fs.readFileSync(ICONS_MODULE, "utf8")) {
  return [...source.matchAll(/^export const (\w+) = icon\("([a-z0-9-]+)"\);$/gm)].map(([, name, id]) => ({ name, id }));
}

export async function buildSprite() {
  const [{ createElement }, { renderToStaticMarkup }, lucide] = await Promise.all([
    import("react"),
    import("react-dom/server"),
    import("lucide-react"),
  ]);
  const symbols = declaredIcons().map(({ name, id }) => {
    const component = lucide[name];
    if (!component) throw new Error(`lucide-react has no icon ${name}`);
    const svg = renderToStaticMarkup(createElement(component));
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
    if (!inner) throw new Error(`could not read the markup of ${name}`);
    return `<symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SPRITE, await buildSprite());
  console.log(`${path.relative(root, SPRITE)}: ${declaredIcons().length} ícones`);
}
