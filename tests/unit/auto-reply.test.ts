/**
 * The visitor's automatic reply (docs/decisions/0091): pt-BR, text and HTML saying the same, the
 * SPEC §9 promises per form, the consultancy's contacts, and nothing the visitor typed beyond a
 * plain first name. With AUTO_REPLY_PREVIEW_DIR set, the HTML of each template is written there
 * (to look at it in a browser at 600 px and at a phone's width).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUTO_REPLY_TEMPLATES, careersTemplate, firstName, leadAutoReply, renderAutoReply } from "~/domain/leads/auto-reply.server";

describe("auto-reply", () => {
  it("says what happens next and when, per form, in text and HTML", () => {
    const cases = [
      [AUTO_REPLY_TEMPLATES.contact, "em até 24 horas"],
      [AUTO_REPLY_TEMPLATES.consultation, "em até 24 horas"],
      [AUTO_REPLY_TEMPLATES.chat, "em até 24 horas"],
      [AUTO_REPLY_TEMPLATES.questionnaire, "em até 48 horas"],
      [careersTemplate("Senior AI Engineer"), "Se o seu perfil seguir no processo"],
    ] as const;
    for (const [template, promise] of cases) {
      const mail = renderAutoReply({ name: "maria souza", template });
      expect(mail.text).toContain("Olá, Maria!");
      expect(mail.text).toContain(promise);
      expect(mail.text).toContain("Respondemos em até 30 minutos no WhatsApp, de segunda a sexta, das 9h às 18h.");
      expect(mail.text).toContain("E-mail: contato@agileia.com.br");
      expect(mail.text).toContain("WhatsApp: +55 (11) 99999-9999");
      expect(mail.html).toContain('<html lang="pt-BR">');
      expect(mail.html).toContain(promise);
      expect(mail.html).toContain("https://wa.me/5511999999999?text=");
      expect(mail.html).toContain('href="mailto:contato@agileia.com.br"');
      const dir = process.env.AUTO_REPLY_PREVIEW_DIR;
      if (dir) fs.writeFileSync(path.join(dir, `${template.kind}.html`), mail.html);
    }
  });

  it("greets by a plain first name only; links, addresses and numbers are never echoed", () => {
    expect(firstName("  joão  da silva")).toBe("João");
    expect(firstName("Anne-Marie")).toBe("Anne-Marie");
    for (const name of ["http://spam.example", "www.spam.com oferta", "ana@b.com", "R$1000", "<b>x</b>", "", null]) {
      expect(firstName(name)).toBeNull();
    }
    const mail = renderAutoReply({ name: "<script>alert(1)</script>", template: AUTO_REPLY_TEMPLATES.contact });
    expect(mail.text.startsWith("Olá!\n")).toBe(true);
    expect(mail.html).not.toContain("<script>");
  });

  it("names the position only when it is one of the careers page's jobs", () => {
    expect(careersTemplate("Senior AI Engineer").received).toContain("para a vaga de Senior AI Engineer");
    expect(careersTemplate("Compre já em http://x").received).not.toContain("http");
  });

  it("maps each lead form to its reply; the newsletter has its own confirmation e-mail", () => {
    expect(leadAutoReply("contact", { email: "a@b.com", name: "Ana" })?.template.kind).toBe("auto-reply.contact");
    expect(leadAutoReply("questionnaire", { email: "a@b.com", contactName: "Ana" })?.name).toBe("Ana");
    expect(leadAutoReply("chat", { email: "a@b.com" })?.template.kind).toBe("auto-reply.chat");
    expect(leadAutoReply("newsletter", { email: "a@b.com" })).toBeNull();
    expect(leadAutoReply("contact", { name: "Sem e-mail" })).toBeNull();
  });
});
