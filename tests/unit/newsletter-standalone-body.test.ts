/**
 * A standalone newsletter edition's body (docs/decisions/0131): plain text, the blog's HTML or a
 * mix of both, made into the HTML the sanitiser then checks. Blank lines make paragraphs.
 */
import { describe, expect, it } from "vitest";
import { bodyToHtml } from "~/domain/newsletter/standalone.server";

describe("a standalone edition's body", () => {
  it("makes plain text into escaped paragraphs, single line breaks kept", () => {
    expect(bodyToHtml("Olá!\n\nA < B e C > D.\nSegunda linha.")).toBe("<p>Olá!</p>\n<p>A &lt; B e C &gt; D.<br>Segunda linha.</p>");
  });

  it("keeps the blog's HTML blocks and wraps the loose text beside them", () => {
    expect(bodyToHtml('Olá!\n\n<h2>Agenda</h2>\n\nVeja <a href="https://exemplo.com.br">o site</a>.\n\n<ul><li>Um</li></ul>')).toBe(
      '<p>Olá!</p>\n<h2>Agenda</h2>\n<p>Veja <a href="https://exemplo.com.br">o site</a>.</p>\n<ul><li>Um</li></ul>',
    );
  });
});
