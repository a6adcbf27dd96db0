/**
 * Marketing pages (SPEC §1–2): header, mobile menu, footer, messaging links, floating button,
 * careers pre-fill, products, SEO basics and axe on every marketing page.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatBRL, plans, products } from "../../app/lib/catalog";
import { WHATSAPP_GREETING } from "../../app/lib/site";
import { axExpanded, axeScan, gotoHydrated, loginAsAdmin } from "./helpers";

const PAGES = ["/", "/sobre", "/carreiras", "/agentes", "/produtos"];
const DEFAULT_WHATSAPP = "5511999999999";

const header = (page: Page) => page.locator("header[data-scrolled]");

/** True when the element's top is inside the viewport. */
async function isInViewport(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -2 && r.top < window.innerHeight;
  });
}

test("the header turns translucent with a shadow past 10 px and back at the top", async ({ page }) => {
  await page.goto("/");
  await expect(header(page)).toHaveAttribute("data-scrolled", "false");
  const transparentBg = await header(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(transparentBg).toBe("rgba(0, 0, 0, 0)");

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header(page)).toHaveAttribute("data-scrolled", "true");
  await expect.poll(() => header(page).evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  // Sticky: still at the top of the viewport after scrolling.
  expect(await header(page).evaluate((el) => el.getBoundingClientRect().top)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header(page)).toHaveAttribute("data-scrolled", "false");
});

test("the mobile menu opens, closes with Escape and closes when a section is chosen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Abrir menu" });
  await expect.poll(() => axExpanded(page, "Abrir menu")).toBe(false);
  const menu = page.locator("[data-mobile-menu]");
  await expect(menu).toBeHidden();
  // The desktop nav is not shown on a phone.
  await expect(page.getByRole("navigation", { name: "Principal", exact: true })).toBeHidden();

  await toggle.click();
  const close = page.getByRole("button", { name: "Fechar menu" });
  await expect(close).toBeVisible();
  await expect.poll(() => axExpanded(page, "Fechar menu")).toBe(true);
  await expect(menu).toBeVisible();
  for (const label of ["Início", "Soluções", "Agentes Autônomos", "Sobre", "Blog", "Produtos e Assinaturas", "Contato"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
  // Besides the desktop's items, the chat of the floating button (docs/decisions/0059).
  await expect(menu.getByRole("button", { name: "Consultoria Gratuita" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole("link", { name: "Soluções", exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/#services$/);
  await expect.poll(() => isInViewport(page, "#services")).toBe(true);
});

test("from another page the nav goes home and to home sections; Agentes Autônomos opens /agentes", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/sobre");
  const nav = page.getByRole("navigation", { name: "Principal", exact: true });
  await expect(nav.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Sobre" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Soluções" }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.getByRole("heading", { level: 2, name: /Inteligência artificial aplicada/ })).toBeVisible();
  await expect.poll(() => isInViewport(page, "#services")).toBe(true);

  await page.getByRole("banner").getByRole("link", { name: "Contato", exact: true }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect.poll(() => isInViewport(page, "#contact")).toBe(true);

  await nav.getByRole("link", { name: "Agentes Autônomos" }).click();
  await expect(page).toHaveURL(/\/agentes$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Agentes de IA");
});

test("public pages are documents: the router never renders one, even from the admin (docs/decisions/0058)", async ({ page }) => {
  // From a legal page, a post and the admin (a router app), every public page is a page load of
  // its own, with plain links and its islands: the chat still opens and works there.
  await page.setViewportSize({ width: 1440, height: 900 });
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
  await page.goto("/privacidade");
  const nav = page.getByRole("navigation", { name: "Principal", exact: true });
  await nav.getByRole("link", { name: "Sobre" }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect(nav.getByRole("link", { name: "Sobre" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(documents).toEqual(["/privacidade", "/sobre", "/blog"]);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

  // The admin's router hands a public address to the browser: a document load, not a render.
  await loginAsAdmin(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  documents.length = 0;
  // Not awaited in the page: the document load it ends in destroys the context it would answer in.
  await page.evaluate(
    () =>
      void (window as unknown as { __reactRouterDataRouter: { navigate(to: string): unknown } }).__reactRouterDataRouter.navigate("/sobre"),
  );
  await expect(page).toHaveURL(/\/sobre$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toEqual(["/sobre"]);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await page.getByTestId("chat-launcher").click();
  await expect(page.getByRole("dialog", { name: "Consultoria Gratuita" })).toBeVisible();
});

test("the footer has the spec's columns, links and copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const solutions = footer.getByRole("navigation", { name: "Soluções" }).getByRole("link");
  await expect(solutions).toHaveCount(5);
  for (const href of await solutions.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) expect(href).toBe("/agentes");

  const company = footer.getByRole("navigation", { name: "Empresa" });
  const expected: Record<string, string> = {
    "Sobre Nós": "/sobre",
    "Casos de Sucesso": "/blog",
    Blog: "/blog",
    Carreiras: "/carreiras",
    Formulário: "/formulario",
    Contato: "/#contact",
  };
  for (const [name, href] of Object.entries(expected)) {
    await expect(company.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(company.getByRole("button", { name: "Consultoria Gratuita" })).toBeVisible();

  const legal = footer.getByRole("list", { name: "Informações legais" });
  for (const [name, href] of [
    ["Política de Privacidade", "/privacidade"],
    ["Termos de Uso", "/termos"],
    ["Cookies", "/cookies"],
  ] as const) {
    await expect(legal.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("link", { name: /contato@agileia\.com\.br/ })).toHaveAttribute("href", "mailto:contato@agileia.com.br");
  await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("target", "_blank");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Agile IA. Todos os direitos reservados.`);

  await company.getByRole("link", { name: "Sobre Nós" }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("every messaging link opens the chat link in a new tab with the prefilled greeting", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const links = page.locator("a[data-whatsapp-link]");
  expect(await links.count()).toBeGreaterThanOrEqual(4); // header, expert block, contact, footer
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    const url = new URL((await link.getAttribute("href"))!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${DEFAULT_WHATSAPP}`);
    expect(url.searchParams.get("text")).toBe(WHATSAPP_GREETING);
  }
  expect(WHATSAPP_GREETING).toMatch(/agentes de IA/);

  // The header button opens a new tab (answered locally: the test machine has no internet).
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "ok" }));
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page
      .getByRole("banner")
      .getByRole("link", { name: /WhatsApp/ })
      .click(),
  ]);
  expect(popup.url()).toContain("wa.me");
  await popup.close();
});

test("the floating messaging button appears bottom-left after 2 s with the number as tooltip", async ({ page }) => {
  await page.goto("/sobre");
  const floating = page.locator("[data-floating-whatsapp]");
  // The delay is a CSS animation (it works without JavaScript): seek it to before and after 2 s.
  const at = (ms: number) =>
    floating.evaluate((el, t) => {
      const [animation] = el.getAnimations();
      if (!animation) throw new Error("O botão flutuante não tem animação.");
      animation.pause();
      animation.currentTime = t;
    }, ms);
  await at(1_900);
  await expect(floating).toBeHidden();
  await at(2_250);
  await expect(floating).toBeVisible();

  const box = (await floating.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeLessThan(viewport.width / 4);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);

  const link = floating.getByRole("link");
  await expect(link).toHaveAccessibleName(/\+55 \(11\) 99999-9999/);
  await link.hover();
  await expect(floating.getByText("+55 (11) 99999-9999")).toBeVisible();
});

test("careers: Candidatar-se pre-fills the position and scrolls to the form", async ({ page }) => {
  await page.goto("/carreiras");
  await expect(page.locator("#vagas article")).toHaveCount(4);
  for (const title of ["Senior AI Engineer", "AI Business Consultant", "Mid-level Frontend Developer", "B2B Sales Specialist"]) {
    const job = page.getByRole("article", { name: title });
    await expect(job).toContainText("Remoto");
    await expect(job).toContainText("Tempo integral");
    await expect(job).toContainText("Requisitos");
    await expect(job).toContainText("Responsabilidades");
  }
  await expect(page.locator("#candidatura")).toContainText("PDF, DOC ou DOCX");
  await expect(page.locator("#candidatura")).toContainText("5MB");

  /** The position the form shows: a field's value, or (form without fields) its text. */
  const shownPosition = (position: string) =>
    page.locator("#candidatura").evaluate((el, pos) => {
      const fields = [...el.querySelectorAll<HTMLInputElement | HTMLSelectElement>("select, input")];
      if (fields.length) return fields.some((f) => f.value === pos);
      return (el.textContent ?? "").includes(pos);
    }, position);

  expect(await shownPosition("AI Business Consultant")).toBe(false);
  await page
    .getByRole("article", { name: "AI Business Consultant" })
    .getByRole("link", { name: /Candidatar-se/ })
    .click();
  await expect.poll(() => shownPosition("AI Business Consultant")).toBe(true);
  await expect.poll(() => isInViewport(page, "#candidatura")).toBe(true);

  await page
    .getByRole("article", { name: "B2B Sales Specialist" })
    .getByRole("link", { name: /Candidatar-se/ })
    .click();
  await expect.poll(() => shownPosition("B2B Sales Specialist")).toBe(true);
});

test("products lists every plan and product with its BRL price and buy link", async ({ page }) => {
  await page.goto("/produtos");
  for (const item of [...plans, ...products]) {
    const card = page.locator(`[data-catalog-item="${item.id}"]`);
    await expect(card).toContainText(item.name);
    await expect(card).toContainText(formatBRL(item.priceCents));
    await expect(card.getByRole("link", { name: new RegExp(item.kind === "plan" ? "Assinar plano" : "Comprar agora") })).toHaveAttribute(
      "href",
      `/checkout/${item.kind}/${item.id}`,
    );
  }
  await expect(page.locator('[data-catalog-item="plano-estrategico"]')).toContainText("Mais popular");
  await expect(page.locator('[data-catalog-item="plano-essencial"]')).not.toContainText("Mais popular");
  await expect(page.locator("[data-catalog-item]")).toHaveCount(8);
  await expect(page.getByRole("main").getByRole("button", { name: "Falar com um consultor" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /formulário de contato/ })).toHaveAttribute("href", "/#contact");
});

test("pages are server-rendered with unique titles; home carries the Organization JSON-LD", async ({ request }) => {
  const titles = new Set<string>();
  for (const path of PAGES) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
  }
  expect(titles.size).toBe(PAGES.length);

  const home = await (await request.get("/")).text();
  for (const text of [
    "Enterprise Document Intelligence",
    "Client Experience Intelligence",
    "Strategic Insight Intelligence",
    "Consultoria Estratégica Exclusiva",
    "Resposta em até 24 horas",
    "Descoberta Estratégica",
    "Otimização Contínua",
    "Áreas de Impacto",
    "Advanced Team Training",
    "Solicitar Proposta Exclusiva",
    "Iniciar Chat Imediato",
    "Segunda a sexta, das 9h às 18h",
    "Resposta em até 30 minutos",
  ]) {
    expect(home, text).toContain(text);
  }
  // The teaser's names (SPEC §2) beside the catalog's, in one order on both pages: Portuguese first.
  const produtos = await (await request.get("/produtos")).text();
  for (const page of [home, produtos]) expect(page).toMatch(/Treinamento de Equipe<\/h3><p[^>]*>Advanced Team Training</);
  const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(home)?.[1];
  expect(JSON.parse(ld!)).toMatchObject({ "@type": "Organization", name: "Agile IA" });

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const body = await robots.text();
  for (const line of ["Disallow: /admin", "Disallow: /login", "Disallow: /api/"]) expect(body).toContain(line);
  expect(body).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

// Every public page is a document with islands (docs/decisions/0058): the early script, the view
// beacon and one boot script, all allowed by hash on a cached page; never React Router's scripts.
for (const path of ["/", "/privacidade", "/blog"]) {
  test(`${path} wakes its islands under the CSP of a cached page (script hashes, no nonce), its scripts fetched after the first paint`, async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) cspErrors.push(message.text());
    });
    const policies: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "document") policies.push(response.headers()["content-security-policy"] ?? "");
    });
    await gotoHydrated(page, path);
    await gotoHydrated(page, path); // from the cache for sure
    expect(policies).toHaveLength(2);
    // The early script and the view beacon (app/lib/early-script.ts), and the boot script.
    expect(policies[1]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*'){3}(;|$)/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // No script download competes with the stylesheet for the first paint.
    const timing = await page.evaluate(() => {
      const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
      const scripts = performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js"));
      return { firstPaint, scripts: scripts.length, earliestScript: Math.min(...scripts.map((e) => e.startTime)) };
    });
    expect(await (await page.request.get(path)).text()).not.toContain('rel="modulepreload"');
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.earliestScript).toBeGreaterThanOrEqual(timing.firstPaint);
    // The menu works, and an island wakes on use under the same policy: the chat's.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(page.locator("[data-mobile-menu]")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.openConsultationWidget?.());
    await expect(page.getByRole("dialog", { name: "Consultoria Gratuita" })).toBeVisible();
    await expect(page.locator("[data-island=chat][data-live=true]")).toHaveCount(1);
    expect(cspErrors).toEqual([]);
  });
}

test("an unknown path shows the 404 page", async ({ page }) => {
  const res = await page.goto("/pagina-que-nao-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

for (const path of PAGES) {
  test(`axe finds no violation on ${path} (one h1, phone and desktop)`, async ({ page }) => {
    test.setTimeout(120_000); // long pages, two widths, a shared 2-core machine
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("h1")).toHaveCount(1);
      const { violations } = await axeScan(page);
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `${path} @${width}`,
      ).toEqual([]);
    }
  });
}

test("no public page is wider than a 320 px phone, and no button or link label runs out of its box", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of [...PAGES, "/formulario", "/blog", "/checkout/plan/plano-estrategico"]) {
    await page.goto(path);
    const problems = await page.evaluate(() => {
      const out: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page is ${document.documentElement.scrollWidth} px wide`);
      for (const el of document.querySelectorAll<HTMLElement>("main a, main button, footer a, footer button")) {
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
          out.push(`"${el.textContent?.trim()}" needs ${el.scrollWidth} px, has ${el.clientWidth}`);
      }
      return out;
    });
    expect(problems, path).toEqual([]);
  }
});

test("'Saiba mais sobre esta fase' shows what happens, how long and what the client gets, beside the consultation button", async ({
  page,
}) => {
  await page.goto("/#metodologia"); // no waiting for scripts: a native disclosure
  const phase = page.locator("#metodologia li", { hasText: "Descoberta Estratégica" }).first();
  await expect(phase.getByText("O que acontece")).toBeHidden();
  await phase.getByText("Saiba mais sobre esta fase").click();
  await expect(phase.getByText("O que acontece")).toBeVisible();
  await expect(phase.getByText("Quanto tempo leva")).toBeVisible();
  await expect(phase.getByText("O que você recebe")).toBeVisible();
  await phase.getByRole("button", { name: "Conversar sobre esta fase: Descoberta Estratégica" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sobre: Descoberta Estratégica")).toBeVisible();
});
