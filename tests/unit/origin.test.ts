/** One vocabulary (docs/decisions/0087): forms and consent records named in words, never as their codes. */
import { describe, expect, it } from "vitest";
import { consentPlaceLabel, consentPurposeLabel, formPlaceLabel, ORIGIN_COLUMNS, originSummary, visitSourceLabel } from "~/lib/origin";

describe("origin vocabulary", () => {
  it("names the forms a contact or a sign-up was made on", () => {
    expect(formPlaceLabel("home")).toBe("Formulário de contato da página inicial");
    expect(formPlaceLabel("sobre")).toBe("Formulário de contato da página Sobre");
    expect(formPlaceLabel("rodape")).toBe("Newsletter no rodapé do site");
    expect(formPlaceLabel("outro")).toBe("Formulário “outro”");
    expect(formPlaceLabel(null)).toBeNull();
  });

  it("names a consent record's form and purpose", () => {
    expect(consentPlaceLabel("contato:home")).toBe("Formulário de contato da página inicial");
    expect(consentPlaceLabel("contato:agentes")).toBe("Formulário de contato da página Agentes");
    expect(consentPlaceLabel("newsletter:rodape")).toBe("Newsletter no rodapé do site");
    expect(consentPlaceLabel("descadastro")).toBe("Link de descadastro no e-mail");
    expect(consentPurposeLabel("contact-policy")).toBe("política de privacidade, no contato");
    expect(consentPurposeLabel("newsletter")).toBe("newsletter");
  });

  it("'Origem' is the visit's: campaign, source, medium, landing page and referrer", () => {
    expect(ORIGIN_COLUMNS.map((c) => c.key)).toEqual(["utmCampaign", "utmSource", "utmMedium", "landingPath", "referrerHost"]);
    expect(ORIGIN_COLUMNS.some((c) => c.label === "Origem")).toBe(false);
    expect(visitSourceLabel("")).toBe("Acesso direto");
    expect(visitSourceLabel("google")).toBe("google");
  });

  it("sums the visit's origin up on one line for e-mails", () => {
    expect(
      originSummary({
        utmCampaign: "outono",
        utmSource: "newsletter",
        utmMedium: "email",
        landingPath: "/sobre",
        referrerHost: "mail.example.com",
      }),
    ).toBe("campanha outono · fonte newsletter · meio email · entrada /sobre · site mail.example.com");
    expect(originSummary({ landingPath: "/", referrerHost: null })).toBe("entrada / · acesso direto");
    expect(originSummary(null)).toBe("sem dados da visita");
  });
});
