/** The audit log reads as Portuguese for the admin: no record keys, English words, stage codes or UTC times. */
import { describe, expect, it } from "vitest";
import { auditDetails, auditTarget } from "~/lib/messages/privacy";

describe("audit log texts", () => {
  it("names a target and links it to the page that shows it", () => {
    expect(auditTarget("consultation:1")).toEqual({ text: "Solicitação de consultoria nº 1", href: "/admin/leads/consultas/1" });
    expect(auditTarget("booking:7")).toEqual({ text: "Reunião nº 7", href: "/admin/agenda/7" });
    expect(auditTarget("post:3")).toEqual({ text: "Post nº 3", href: "/admin/posts/3" });
    expect(auditTarget("contacts:4")).toEqual({ text: "Mensagem de contato nº 4", href: "/admin/leads/contatos/4" });
    // A table of personal data reads with the label the registry gives it (the audit page passes them).
    expect(auditTarget("newsletter_subscribers:9", { newsletter_subscribers: "Newsletter" })).toEqual({
      text: "Newsletter nº 9",
      href: undefined,
    });
    expect(auditTarget("newsletter_subscribers:9")).toEqual({ text: "newsletter_subscribers:9" });
    expect(auditTarget("dia:2026-12-25")).toEqual({ text: "Dia 25/12/2026", href: "/admin/agenda" });
    expect(auditTarget("agenda")).toEqual({ text: "Agenda", href: "/admin/agenda" });
    expect(auditTarget(null)).toBeNull();
    // Something unknown stays as it is rather than being guessed at.
    expect(auditTarget("algo:x")).toEqual({ text: "algo:x" });
  });

  it("labels every detail in Portuguese and shows its values as the admin says them", () => {
    const details = auditDetails({
      by: "visitor",
      characters: 120,
      fields: ["title", "slug", "categoryId"],
      stage: "em-contato",
      publishAt: "2026-12-02T01:28:00.000Z",
    });
    expect(details).toEqual([
      { label: "Por", value: "visitante" },
      { label: "Caracteres", value: "120" },
      { label: "Campos", value: "Título, Endereço, Categoria" },
      { label: "Etapa", value: "Em contato" },
      { label: "Publicação em", value: "01/12/2026, 22:28" },
    ]);
  });
});
