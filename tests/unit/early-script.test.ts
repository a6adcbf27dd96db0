/**
 * The early script of public pages (app/lib/early-script.ts), one job at a time, each in a page of
 * the system Chromium with only that job in its <head> (tests/support/early-page.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EARLY_JOBS, EARLY_SCRIPT, VIEW_SCRIPT } from "~/lib/early-script";
import { applyLink } from "~/shell/early/apply-link";
import { busyForms } from "~/shell/early/busy-forms";
import { consultationSource } from "~/shell/early/consultation-source";
import { consultationWidget } from "~/shell/early/consultation-widget";
import { dialogClosedBy } from "~/shell/early/dialog-closedby";
import { floatingControls } from "~/shell/early/floating-controls";
import { funnelSteps } from "~/shell/early/funnel-steps";
import { headerScroll } from "~/shell/early/header-scroll";
import { heldClicks } from "~/shell/early/held-clicks";
import { heldSubmits } from "~/shell/early/held-submits";
import { idempotencyKey } from "~/shell/early/idempotency-key";
import { invokerCommands } from "~/shell/early/invoker-commands";
import { phoneMenu } from "~/shell/early/phone-menu";
import { closeEarlyBrowser, launchEarlyBrowser, openEarlyPage, type EarlyPage } from "../support/early-page";

// Limits, not measurements: a page in Chromium on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
beforeAll(launchEarlyBrowser);
afterAll(closeEarlyBrowser);

let current: EarlyPage | undefined;
/** Opens the page of a test; it is checked for uncaught errors and closed after the test. */
async function open(...args: Parameters<typeof openEarlyPage>): Promise<EarlyPage> {
  current = await openEarlyPage(...args);
  return current;
}
afterEach(async () => {
  const page = current;
  current = undefined;
  if (!page) return;
  await page.page.close();
  expect(page.errors).toEqual([]);
});

const isOpen = (page: EarlyPage, selector: string) => page.page.locator(selector).evaluate((el: HTMLDialogElement) => el.open);
const CHAT = `<button type="button" id="abrir" commandfor="consultoria" command="show-modal">Consultoria Gratuita</button>
  <dialog id="consultoria" closedby="any"><button type="button" commandfor="consultoria" command="close">Fechar</button></dialog>`;

describe("the whole script", () => {
  it("runs every job, in order, on a page that has none of their elements", async () => {
    const page = await open(EARLY_JOBS.slice(), "<p>Vazio</p>");
    expect(await page.page.evaluate(() => document.documentElement.className)).toBe("js");
    expect(page.polyfillsAsked).toEqual([]); // Chromium has both features
  });

  it("is the jobs' sources in order, with the site's constants", () => {
    const positions = EARLY_JOBS.map((job) => EARLY_SCRIPT.indexOf(`(function ${job.name}(`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(EARLY_SCRIPT).toContain('"chatId":"consultoria"');
    expect(EARLY_SCRIPT).toContain('"keyField":"idempotencyKey"');
  });
});

describe("invoker-commands", () => {
  it("loads nothing where the browser has invoker commands: the button opens its dialog natively", async () => {
    const page = await open([invokerCommands], CHAT);
    await page.page.click("#abrir");
    expect(await isOpen(page, "#consultoria")).toBe(true);
    expect(page.polyfillsAsked).toEqual([]);
  });

  it("without them, holds a tap until the polyfill has run, then replays it once", async () => {
    let release = () => {};
    const polyfillsAfter = new Promise<void>((resolve) => (release = resolve));
    const page = await open([invokerCommands], `${CHAT}<output id="clicks">0</output>`, {
      lacking: ["invokers"],
      polyfillsAfter,
    });
    await page.page.evaluate(() =>
      document.addEventListener("click", () => {
        const out = document.getElementById("clicks")!;
        out.textContent = String(Number(out.textContent) + 1);
      }),
    );
    await page.page.click("#abrir");
    // The tap reached the page (else nothing is held and the wait below could only time out).
    expect(await page.clicksSeen()).toBe(1);
    expect(page.polyfillsAsked).toEqual(["/polyfill/invokers.js"]);
    expect(await isOpen(page, "#consultoria")).toBe(false);
    expect(await page.page.textContent("#clicks")).toBe("0"); // held: no other listener saw it
    release();
    await page.page.waitForFunction(() => document.querySelector<HTMLDialogElement>("#consultoria")!.open);
    expect(await page.page.textContent("#clicks")).toBe("1");
    // The polyfill now runs the commands.
    await page.page.click("#consultoria button");
    expect(await isOpen(page, "#consultoria")).toBe(false);
  });
});

describe("dialog-closedby", () => {
  it("loads nothing where the browser knows closedby", async () => {
    const page = await open([dialogClosedBy], CHAT);
    expect(page.polyfillsAsked).toEqual([]);
  });

  it("without it, loads the polyfill, which gives dialogs closedby", async () => {
    const page = await open([dialogClosedBy], CHAT, { lacking: ["closedBy"] });
    await page.page.waitForFunction(() => "closedBy" in HTMLDialogElement.prototype);
    expect(page.polyfillsAsked).toEqual(["/polyfill/closedby.js"]);
    expect(await page.page.evaluate(() => document.querySelector("dialog")!.closedBy)).toBe("any");
  });
});

describe("consultation-source", () => {
  it("carries the asking button's data-source to the dialog and into its form's source field", async () => {
    const page = await open(
      [consultationSource],
      `<button type="button" id="hero" commandfor="pedido" command="show-modal" data-source="hero">Pedir</button>
       <dialog id="pedido"><form id="f" action="/enviar/consultoria" method="post"><input type="hidden" name="source" value=""><button>Enviar</button></form></dialog>`,
    );
    await page.page.evaluate(() =>
      document.getElementById("f")!.addEventListener("submit", (event) => {
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        document.body.dataset.sent = (form.elements.namedItem("source") as HTMLInputElement).value;
      }),
    );
    await page.page.click("#hero");
    expect(await page.page.getAttribute("#pedido", "data-source")).toBe("hero");
    await page.page.click("#f button");
    expect(await page.page.getAttribute("body", "data-sent")).toBe("hero");
  });
});

describe("funnel-steps", () => {
  it("counts a dialog opened by an invoker, and a lead form started once", async () => {
    const page = await open(
      [funnelSteps],
      `${CHAT}<form action="/enviar/contato" method="post"><input type="hidden" name="idempotencyKey"><label>Nome <input name="nome"></label></form>
       <form action="/busca"><label>Busca <input name="q"></label></form>`,
    );
    await page.page.click("#abrir");
    await page.page.keyboard.press("Escape");
    await page.page.getByLabel("Nome").pressSequentially("Ana");
    await page.page.getByLabel("Busca").pressSequentially("ia"); // not a lead form
    expect(await page.beacons()).toEqual([
      { k: "widget", p: "/" },
      { k: "form", p: "/", f: "contato" },
    ]);
  });
});

describe("consultation-widget", () => {
  it("window.openConsultationWidget() opens the chat sheet and counts it once", async () => {
    const page = await open([consultationWidget], CHAT);
    await page.page.evaluate(() => {
      const w = window as { openConsultationWidget?: () => void };
      w.openConsultationWidget!();
      w.openConsultationWidget!();
    });
    expect(await isOpen(page, "#consultoria")).toBe(true);
    expect(await page.beacons()).toEqual([{ k: "widget", p: "/" }]);
  });
});

describe("phone-menu", () => {
  const MENU = `<header><button popovertarget="menu" aria-label="Abrir menu">Menu</button>
    <nav id="menu" popover data-mobile-menu><a href="#sobre">Sobre</a>
      <button type="button" id="menu-chat" commandfor="consultoria" command="show-modal">Consultoria Gratuita</button></nav></header>
    <a href="#depois" id="depois">Depois</a>
    <dialog id="consultoria"><button type="button" commandfor="consultoria" command="close">Fechar</button></dialog>`;
  const menuOpen = (page: EarlyPage) => page.page.locator("#menu").evaluate((el) => el.matches(":popover-open"));
  const label = (page: EarlyPage) => page.page.getAttribute("[popovertarget]", "aria-label");

  it("says on its button whether a tap opens or closes it, and closes when a link is chosen", async () => {
    const page = await open([phoneMenu], MENU);
    await page.page.click("[popovertarget]");
    expect(await menuOpen(page)).toBe(true);
    expect(await label(page)).toBe("Fechar menu");
    await page.page.click("#menu a");
    expect(await menuOpen(page)).toBe(false);
    expect(await label(page)).toBe("Abrir menu");
  });

  it("closes when focus leaves it", async () => {
    const page = await open([phoneMenu], MENU);
    await page.page.click("[popovertarget]");
    await page.page.focus("#menu-chat");
    await page.page.keyboard.press("Tab");
    await page.page.waitForFunction(() => !document.getElementById("menu")!.matches(":popover-open"));
    expect(await page.page.evaluate(() => document.activeElement?.id)).toBe("depois");
  });

  it("closes before its 'Consultoria Gratuita' opens the chat, which then gives focus back to the menu's button", async () => {
    const page = await open([phoneMenu], MENU);
    await page.page.click("[popovertarget]");
    await page.page.click("#menu-chat");
    expect(await menuOpen(page)).toBe(false);
    expect(await isOpen(page, "#consultoria")).toBe(true);
    await page.page.keyboard.press("Escape");
    expect(await page.page.evaluate(() => document.activeElement?.getAttribute("popovertarget"))).toBe("menu");
  });
});

describe("header-scroll", () => {
  it("marks the page as scripted and the header as scrolled past the threshold", async () => {
    const page = await open([headerScroll], `<header data-site-header>Agile IA</header><div style="height:3000px"></div>`);
    expect(await page.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
    expect(await page.page.getAttribute("[data-site-header]", "data-scrolled")).toBe("false");
    await page.page.evaluate(() => scrollTo(0, 11));
    await page.page.waitForSelector('[data-site-header][data-scrolled="true"]');
    await page.page.evaluate(() => scrollTo(0, 10));
    await page.page.waitForSelector('[data-site-header][data-scrolled="false"]');
  });
});

describe("floating-controls", () => {
  // The buttons' band at the bottom right, as app.css places them; 720 px of room in Playwright's page.
  const HEAD = `<style>html { scroll-padding-bottom: 96px } body { margin: 0 }
    #whatsapp { position: fixed; right: 16px; bottom: 16px; width: 64px; height: 64px; transition: translate 50ms }
    #whatsapp[data-float="away"] { translate: 0 120px }</style>`;
  const box = (page: EarlyPage, selector: string) =>
    page.page.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

  it("scrolls a focused field clear of a control it would be under", async () => {
    const page = await open(
      [floatingControls],
      `<div style="height:680px"></div><input id="campo" aria-label="Campo" style="display:block;margin-left:auto;width:300px;height:32px"><div style="height:2000px"></div>
       <a id="whatsapp" data-floating-control href="#">WhatsApp</a>`,
      { head: HEAD },
    );
    await page.page.focus("#campo");
    await page.page.waitForFunction(() => scrollY > 0);
    const field = await box(page, "#campo");
    const control = await box(page, "#whatsapp");
    expect(field.bottom + 4).toBeLessThanOrEqual(control.top);
    expect(await page.page.getAttribute("#whatsapp", "data-float")).toBeNull();
  });

  it("steps a control aside while a focused field taller than the room is under it, and back when focus moves on", async () => {
    const page = await open(
      [floatingControls],
      `<button id="antes">Antes</button><textarea id="texto" aria-label="Texto" style="display:block;width:100%;height:900px"></textarea>
       <a id="whatsapp" data-floating-control href="#">WhatsApp</a>`,
      { head: HEAD },
    );
    await page.page.focus("#texto");
    await page.page.waitForSelector('#whatsapp[data-float="away"]');
    await page.page.focus("#antes");
    await page.page.waitForSelector("#whatsapp:not([data-float])");
  });
});

describe("apply-link", () => {
  it("chooses the job's position in the careers form, whose section the link goes to", async () => {
    const page = await open(
      [applyLink],
      `<a href="#candidatura" data-apply="engenharia-ia">Candidatar-se</a>
       <form id="candidatura"><label>Vaga <select name="position"><option value="">Escolha</option><option value="engenharia-ia">Engenharia de IA</option></select></label></form>`,
    );
    await page.page.evaluate(() =>
      document.querySelector("select")!.addEventListener("change", () => (document.body.dataset.changed = "sim")),
    );
    await page.page.click("a[data-apply]");
    expect(await page.page.inputValue("select")).toBe("engenharia-ia");
    expect(await page.page.evaluate(() => location.hash)).toBe("#candidatura");
    expect(await page.page.getAttribute("body", "data-changed")).toBe("sim");
  });
});

describe("idempotency-key", () => {
  it("gives a lead form 32 hex digits when first sent, and the same ones when sent again", async () => {
    const page = await open(
      [idempotencyKey],
      `<form action="/enviar/contato" method="post"><input type="hidden" name="idempotencyKey"><button>Enviar</button></form>`,
      { answer: (path) => (path === "/enviar/contato" ? { status: 204 } : undefined) },
    );
    const key = () => page.page.inputValue("[name=idempotencyKey]");
    await page.page.click("button");
    const first = await key();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    await page.page.click("button");
    expect(await key()).toBe(first);
  });
});

describe("held-submits", () => {
  const FORMS = `<div data-island="chat"><form id="chat" action="/enviar/chat" method="post"><input name="email" value="a@b.com"><button name="passo" value="1">Enviar</button></form>
      <form method="dialog"><button id="fechar">Fechar</button></form></div>
    <form id="busca" action="/busca"><input name="q" value="ia"><button>Buscar</button></form>`;
  const posts: string[] = [];
  const answer = (path: string) => (posts.push(path), { status: 204 });

  it("holds an island's submit until the page's script takes it, and lets everything else through", async () => {
    posts.length = 0;
    const page = await open([heldSubmits], FORMS, { answer });
    await page.page.click("#chat button");
    expect(await page.page.getAttribute("#chat", "aria-busy")).toBe("true");
    await page.page.click("#busca button"); // outside islands: the search goes
    await expect.poll(() => posts).toEqual(["/busca"]);
    const taken = await page.page.evaluate(() => {
      const take = (window as unknown as { takeHeldSubmits: () => Array<[HTMLFormElement, HTMLElement | null]> }).takeHeldSubmits;
      const list = take().map(([form, submitter]) => `${form.id}:${submitter?.getAttribute("value")}`);
      return { list, again: take().length, busy: document.getElementById("chat")!.getAttribute("aria-busy") };
    });
    expect(taken).toEqual({ list: ["chat:1"], again: 0, busy: null });
    // Taken: from then on the page's own script holds its islands' submits; this job lets them be.
    await page.page.click("#chat button");
    await expect.poll(() => posts).toEqual(["/busca", "/enviar/chat"]);
  });

  it("posts a held submit natively when the page's script cannot take it; never holds a dialog's close", async () => {
    posts.length = 0;
    const page = await open([heldSubmits], `${FORMS}<dialog id="d" open><form method="dialog"><button id="x">X</button></form></dialog>`, {
      answer,
    });
    await page.page.click("#x");
    expect(await page.page.evaluate(() => (document.getElementById("d") as HTMLDialogElement).open)).toBe(false);
    await page.page.click("#chat button");
    expect(posts).toEqual([]);
    await page.page.evaluate(() => (window as unknown as { takeHeldSubmits: (natively: boolean) => unknown }).takeHeldSubmits(true));
    await expect.poll(() => posts).toEqual(["/enviar/chat"]);
  });
});

describe("held-clicks", () => {
  const PAGE = `<div data-island="countdown"><button id="ficar">Permanecer nesta página</button>
      <button id="abrir" type="button" commandfor="d" command="show-modal">Abrir</button>
      <form action="/enviar"><button id="enviar">Enviar</button></form></div>
    <dialog id="d"></dialog><button id="editar" type="button">Editar</button>`;
  /** Clicks React would see: counted by a listener on the document, after the job's. */
  const countClicks = (page: EarlyPage) =>
    page.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      document.addEventListener("click", (event) => seen.push((event.target as Element).id));
    });
  const seen = (page: EarlyPage) => page.page.evaluate(() => (window as unknown as { seen: string[] }).seen);

  it("holds a scripted button's click until its island is live, then replays it once", async () => {
    const page = await open([heldClicks], PAGE, { answer: () => ({ status: 204 }) });
    await countClicks(page);
    await page.page.click("#ficar");
    expect(await seen(page)).toEqual([]);
    expect(await page.page.getAttribute("[data-island]", "data-held-click")).toBe("");
    // Native actions go through: the invoker opens its dialog, the form's submit button posts.
    await page.page.click("#abrir");
    expect(await isOpen(page, "#d")).toBe(true);
    await page.page.evaluate(() => (document.getElementById("d") as HTMLDialogElement).close());
    await page.page.click("#enviar");
    expect(await seen(page)).toEqual(["abrir", "enviar"]);
    await page.page.evaluate(() => (document.querySelector<HTMLElement>("[data-island]")!.dataset.live = "true"));
    await expect.poll(() => seen(page)).toEqual(["abrir", "enviar", "ficar"]);
    expect(await page.page.getAttribute("[data-island]", "data-held-click")).toBeNull();
    await page.page.click("#ficar"); // live: straight through
    expect(await seen(page)).toEqual(["abrir", "enviar", "ficar", "ficar"]);
  });

  it("outside islands (the admin), holds the last click until the page has hydrated", async () => {
    const page = await open([heldClicks], PAGE);
    await countClicks(page);
    await page.page.click("#editar");
    await page.page.click("#editar");
    expect(await seen(page)).toEqual([]);
    await page.page.evaluate(() => (document.documentElement.dataset.hydrated = "true"));
    await expect.poll(() => seen(page)).toEqual(["editar"]);
  });
});

describe("busy-forms", () => {
  it("shows a plain form busy while its post is on its way, blocks a second submit, and undoes it all on a return from the back/forward cache", async () => {
    const page = await open(
      [busyForms],
      `<form action="/login" method="post" data-busy-label="Entrando…"><button id="entrar">Entrar</button><input type="submit" value="Outro"></form>`,
      // No content: the browser stays on the page, as it does while the post is on its way.
      { answer: (path) => (path === "/login" ? { status: 204 } : undefined) },
    );
    await page.page.evaluate(() =>
      addEventListener("submit", (event) => {
        if (event.defaultPrevented) document.body.dataset.blocked = String(Number(document.body.dataset.blocked ?? 0) + 1);
      }),
    );
    await page.page.click("#entrar");
    expect(await page.page.getAttribute("form", "aria-busy")).toBe("true");
    expect(await page.page.textContent("#entrar")).toBe("Entrando…");
    expect(await page.page.locator("[aria-disabled=true]").count()).toBe(2);
    await page.page.evaluate(() => document.querySelector("form")!.requestSubmit());
    expect(await page.page.getAttribute("body", "data-blocked")).toBe("1");
    await page.page.evaluate(() => dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
    expect(await page.page.getAttribute("form", "aria-busy")).toBeNull();
    expect(await page.page.textContent("#entrar")).toBe("Entrar");
    expect(await page.page.locator("[aria-disabled]").count()).toBe(0);
  });
});

describe("VIEW_SCRIPT (app/shell/early/page-view.ts)", () => {
  it("counts the page's own view with the address it was opened at", async () => {
    const page = await open(VIEW_SCRIPT, "<p>Blog</p>", { path: "/blog?utm_source=x" });
    expect(await page.beacons()).toEqual([{ k: "view", p: "/blog?utm_source=x", r: "" }]);
  });
});
