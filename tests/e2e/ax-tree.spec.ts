/**
 * A screen-reader pass (docs/decisions/0032), read from Chromium's own accessibility tree (CDP
 * Accessibility.getFullAXTree), which is what a screen reader is given: every page has exactly
 * one h1 and its landmarks; toasts, the chat's messages and route changes reach live regions.
 * What this cannot tell (how a given screen reader speaks them) is in decision 0032.
 */
import { expect, test, type Page } from "@playwright/test";
import { signedIn } from "./helpers";
import { ADMIN_PAGES } from "./layout";

interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  properties?: Array<{ name: string; value: { value: unknown } }>;
  parentId?: string;
}

async function axTree(page: Page): Promise<AXNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send("Accessibility.getFullAXTree")).nodes as AXNode[];
  } finally {
    await cdp.detach();
  }
}

const prop = (node: AXNode, name: string) => node.properties?.find((p) => p.name === name)?.value.value;

/** The page's h1 names and which landmarks it has. */
async function outline(page: Page) {
  const nodes = (await axTree(page)).filter((n) => !n.ignored);
  const roles = new Set(nodes.map((n) => n.role?.value));
  return {
    h1: nodes.filter((n) => n.role?.value === "heading" && prop(n, "level") === 1).map((n) => n.name?.value),
    landmarks: ["banner", "navigation", "main", "contentinfo"].filter((r) => roles.has(r)),
  };
}

/** The live setting ("polite", "assertive") of the nearest live region around the text. */
async function liveAround(page: Page, text: string): Promise<string | undefined> {
  const nodes = await axTree(page);
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const found = nodes.find((n) => !n.ignored && n.role?.value === "StaticText" && n.name?.value.includes(text));
  for (let n = found; n; n = n.parentId ? byId.get(n.parentId) : undefined) {
    const live = prop(n, "live");
    if (live && live !== "off") return String(live);
  }
  return undefined;
}

const PUBLIC = [
  "/",
  "/sobre",
  "/carreiras",
  "/agentes",
  "/produtos",
  "/formulario",
  "/blog",
  "/blog?categoria=agentes-de-ia",
  "/busca",
  "/busca?q=automacao",
  "/busca?q=xyzzy",
  "/privacidade",
  "/termos",
  "/cookies",
  "/login",
  "/checkout/product/chatbot",
  "/pagina-que-nao-existe",
];

test("every public page has one h1 and its landmarks, and nothing on it moves by itself past 5 s", async ({ page }) => {
  const posts = await (await page.request.get("/api/blog/posts")).json();
  const pages = [...PUBLIC, `/blog/${posts.data.posts[0].slug}`];
  const found: Record<string, unknown> = {};
  for (const url of pages) {
    await page.goto(url);
    // The checkout's spinner turns while its session is asked for (decision 0122); a busy machine
    // may still be asking at `load`: read the page a visitor is left with, ready with its link.
    if (url.startsWith("/checkout/")) await page.getByTestId("checkout-link").waitFor();
    const { h1, landmarks } = await outline(page);
    // WCAG 2.2.2 (pause, stop, hide), and an endless animation keeps the page drawing every frame
    // for as long as it is open (docs/decisions/0103).
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? 0) > 5000)
        .map((a) => (a instanceof CSSAnimation ? a.animationName : String(a.id))),
    );
    found[url] = { h1: h1.length, landmarks, moving };
  }
  const want = { h1: 1, landmarks: ["banner", "navigation", "main", "contentinfo"], moving: [] };
  expect(found).toEqual(Object.fromEntries(pages.map((url) => [url, want])));
});

test("every admin page has one h1 and its landmarks", async ({ page }) => {
  await signedIn(page);
  const found: Record<string, unknown> = {};
  for (const url of Object.values(ADMIN_PAGES)) {
    await page.goto(url);
    const { h1, landmarks } = await outline(page);
    found[url] = { h1: h1.length, landmarks: landmarks.filter((l) => l === "main" || l === "navigation") };
  }
  expect(found).toEqual(Object.fromEntries(Object.values(ADMIN_PAGES).map((url) => [url, { h1: 1, landmarks: ["navigation", "main"] }])));
});

test("toasts, the chat and route changes reach live regions; repeated buttons have their own names", async ({ page }) => {
  await page.goto("/");
  // The three cards' buttons: the visible words first, each name its own (WCAG 2.5.3).
  const services = page.locator("#services");
  for (const [role, words] of [
    ["link", "Conhecer solução detalhada"],
    ["button", "Consultoria Gratuita"],
  ] as const) {
    const names = await services
      .getByRole(role, { name: words })
      .evaluateAll((els) => els.map((e) => e.textContent?.replace(/\s+/g, " ").trim()));
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(new RegExp(`^${words}`));
  }

  // A toast: the newsletter's invalid address. Radix announces a toast by putting its text in a
  // status region for one second only (the toast itself is not live), so the announcement is
  // recorded as it happens, not looked for afterwards: a busy machine read the tree too late.
  // Toasts are the script's: a press before the page's script has run posts natively and gets
  // the answer page instead (a new document, without this recorder; no-js.spec.ts covers it).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver((changes) => {
      const live = "[aria-live]:not([aria-live=off])";
      for (const change of changes) {
        const target = change.target instanceof Element ? change.target : change.target.parentElement;
        const added = [...change.addedNodes].filter((n): n is Element => n instanceof Element);
        const regions = [target?.closest(live), ...added.flatMap((n) => [n.closest(live), ...n.querySelectorAll(live)])];
        for (const region of new Set(regions)) if (region) heard.push(`${region.getAttribute("aria-live")}: ${region.textContent}`);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.locator("#newsletter-email").press("Enter");
  await expect(page.getByText("Email inválido").first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.join("\n")))
    .toMatch(/^(polite|assertive): .*Email inválido/m);

  // The chat: its messages are a log. With no assistant configured (this run) it is offline on
  // purpose and says nothing alarming (the notices of a failing assistant: chat.spec.ts).
  await page.getByTestId("chat-launcher").press("Enter");
  const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
  await expect(widget.getByRole("log")).toContainText("Olá!");
  expect(await liveAround(page, "Olá! Para iniciar")).toBe("polite");
  await expect(page.getByText("Erro de conexão")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Route changes happen in the admin only (public pages are documents; docs/decisions/0058): its
  // pages carry a polite region that reads the new title.
  await signedIn(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Painel" }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator("[data-route-announcer]")).toHaveText(/Painel Administrativo/);
  expect(await liveAround(page, "Painel Administrativo | Agile IA")).toBe("polite");
});
