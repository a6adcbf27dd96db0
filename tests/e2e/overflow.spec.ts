/**
 * No screen is wider than the phone it is on (docs/decisions/0063): every admin route of the
 * security sweep's list and every public route, at 360, 390 and 1440 px, with data in every list
 * and more leads than counted visits (leads sent through the APIs count no visit, as with blocked
 * beacons), so Análises' funnel and conversion rates are over 100 %. A page is too wide when the
 * document scrolls sideways: `document.scrollingElement.scrollWidth > innerWidth`.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_PAGES } from "../support/admin-routes";
import { PUBLIC_PAGES } from "../support/checks";
import { signedIn } from "./helpers";

const WIDTHS = [360, 390, 1440] as const;
const HEIGHT = { 360: 740, 390: 844, 1440: 900 } as const;

/** Every public route: the standards list, the legal pages, a post, the search, checkout, the rest. */
const PUBLIC_ROUTES = [
  ...PUBLIC_PAGES,
  "/privacidade",
  "/termos",
  "/cookies",
  "/busca?q=agentes",
  "/checkout/product/chatbot",
  "/checkout/plan/plano-estrategico",
  "/payment-success",
  "/pagina-que-nao-existe",
];
/** The admin's own screens beyond the sweep's list: the other tabs and filters people use. */
const MORE_ADMIN_ROUTES = [
  "/admin?aba=categorias",
  // The one page of a lead (docs/decisions/0129), of each kind that has the most to show.
  "/admin/leads/funil/contatos/1",
  "/admin/leads/funil/consultas/1",
  "/admin/leads/funil/candidaturas/1",
  "/admin/leads/funil/conversas/1",
];

const long = (seed: string) => `${seed} ${"Texto comprido para encher a tela de um celular com palavras. ".repeat(3)}`;

/** Leads of every type, a chat with a contact and orders: many more than the visits counted (none). */
async function seed(request: APIRequestContext) {
  const tag = Math.random().toString(36).slice(2, 8);
  const sent = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { data });
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return res.json() as Promise<{ data?: { sessionId?: string; token?: string } }>;
  };
  for (let n = 0; n < 3; n++) {
    const email = (kind: string) => `pessoa-com-endereco-bem-comprido-${kind}-${n}-${tag}@empresa-exemplo-muito-longa.com.br`;
    await sent("/api/contact", {
      name: `Maria Aparecida dos Santos Oliveira ${n}`,
      company: "Indústria e Comércio de Equipamentos Eletrônicos Ltda",
      email: email("contato"),
      phone: "(11) 99999-8888",
      message: long("Gostaria de conversar sobre agentes de IA para o atendimento."),
    });
    await sent("/api/consultations", {
      name: `João Pedro de Albuquerque ${n}`,
      email: email("consulta"),
      phone: "(11) 96666-5555",
      company: "Cooperativa Agroindustrial do Vale do Paranapanema",
      industryArea: "Agronegócio e cooperativas",
    });
    await sent("/api/careers/application", {
      name: `Ana Carolina Figueiredo ${n}`,
      email: email("vaga"),
      phone: "(11) 98888-7777",
      position: "Senior AI Engineer",
      experience: long("Cinco anos com aprendizado de máquina."),
      motivation: long("Quero trabalhar com IA em empresas."),
      linkedinUrl: "https://www.linkedin.com/in/ana-carolina-figueiredo-engenheira-de-inteligencia-artificial",
      portfolioUrl: "",
    });
    await sent("/api/business-optimization", {
      companyName: "Distribuidora Nacional de Autopeças e Acessórios SA",
      contactName: `Roberto Carlos ${n}`,
      email: email("quest"),
      keyProcesses: long("Faturamento, logística e atendimento."),
    });
    await sent("/api/newsletter", { email: email("news") });
    const session = await sent("/api/chat/session", {});
    await sent("/api/chat/contact", { ...session.data, email: email("chat"), phone: "(11) 95555-4444", message: "Empresa do chat" });
    await sent("/api/checkout-session", { productId: "mapeamento-completo", successUrl: "/payment-success", cancelUrl: "/produtos" });
  }
}

async function overflowOf(page: Page, path: string, width: (typeof WIDTHS)[number]): Promise<string | null> {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  await page.evaluate(() => document.fonts.ready);
  const { scrollWidth, innerWidth, culprit } = await page.evaluate(() => {
    // The first element that reaches past the screen outside any scrolling box, to name in the failure.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const past = [...document.querySelectorAll("body *")].find(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el),
    );
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
      culprit: past ? `<${past.tagName.toLowerCase()} class="${String(past.className).slice(0, 60)}">` : "",
    };
  });
  if (scrollWidth <= innerWidth) return null;
  // The whole page, attached to the report: what reaches past the screen.
  const picture = test.info().outputPath(`${path.replace(/[^a-z0-9]+/gi, "-")}-${width}.png`);
  await page.screenshot({ path: picture, fullPage: true });
  return `${path} at ${width} px: ${scrollWidth} px wide (${culprit}; ${picture})`;
}

test.describe("no page-level horizontal overflow", () => {
  test.beforeAll(async ({ request }) => {
    await seed(request);
  });

  for (const width of WIDTHS) {
    test(`public pages at ${width} px`, async ({ page }) => {
      test.slow();
      const wide: string[] = [];
      for (const path of PUBLIC_ROUTES) {
        const found = await overflowOf(page, path, width);
        if (found) wide.push(found);
      }
      expect(wide).toEqual([]);
    });

    test(`admin pages at ${width} px`, async ({ page }) => {
      test.slow();
      await signedIn(page);
      const wide: string[] = [];
      for (const path of [...ADMIN_PAGES, ...MORE_ADMIN_ROUTES]) {
        const found = await overflowOf(page, path, width);
        if (found) wide.push(found);
      }
      expect(wide).toEqual([]);
    });
  }

  test("the leads outnumber the counted visits, and Análises still fits a phone", async ({ page }) => {
    await signedIn(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/admin/analises");
    // Leads without a counted visit are explained, not drawn past the card.
    await expect(page.getByText(/mais leads que visitantes/i).first()).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  test("the blog's dialogs and the admin menu fit a 360 px screen", async ({ page }) => {
    await signedIn(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/admin");
    await page.locator("html[data-hydrated]").waitFor(); // the dialog is the admin app's
    await page.getByRole("button", { name: "Novo Post" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // The menu: every entry on screen once it is open, each a target a thumb can hit.
    await page.getByRole("button", { name: "Menu" }).click();
    const links = page.getByRole("navigation", { name: "Administração" }).getByRole("link");
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      const entry = (await link.boundingBox())!;
      expect(entry.x).toBeGreaterThanOrEqual(0);
      expect(entry.x + entry.width).toBeLessThanOrEqual(360);
      expect(entry.y + entry.height).toBeLessThanOrEqual(740);
      expect(entry.height).toBeGreaterThanOrEqual(44);
    }
    await links.filter({ hasText: "Pedidos" }).click();
    await expect(page).toHaveURL(/\/admin\/pedidos$/);
    await expect(links.first()).toBeHidden();
  });
});
