/** SPEC §5 messages of every lead schema (the browser forms and the server share them). */
import { describe, expect, it } from "vitest";
import { careerApplicationSchema } from "~/forms/careers/schema";
import { consultationSchema } from "~/forms/consultation/schema";
import { contactFormSchema, contactSchema } from "~/forms/contact/schema";
import { isNewsletterEmailAcceptable } from "~/forms/newsletter/definition";
import { newsletterSchema } from "~/forms/newsletter/schema";
import { questionnaireMessages } from "~/forms/questionnaire/messages";
import { businessOptimizationSchema } from "~/forms/questionnaire/schema";
import { fieldErrors as firstErrors } from "~/lib/form-errors";

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : firstErrors(result.error);
};

const validApplication = {
  name: "Carlos Lima",
  email: "carlos@example.com",
  phone: "11987654321",
  position: "Senior AI Engineer",
  experience: "x".repeat(50),
  motivation: "y".repeat(50),
  linkedinUrl: "",
  portfolioUrl: "",
};

describe("contact form", () => {
  it("requires name, company, email, message and the consent box (in English)", () => {
    expect(errorsOf(contactFormSchema, { consent: false })).toEqual({
      name: "Nome é obrigatório",
      company: "Empresa é obrigatória",
      email: "Email é obrigatório",
      message: "Mensagem é obrigatória",
      consent: "You must agree to the terms.",
    });
  });

  it("checks the e-mail and keeps the phone optional", () => {
    const base = { name: "Ana", company: "ACME", message: "Olá", consent: true };
    expect(errorsOf(contactFormSchema, { ...base, email: "ana" })).toEqual({ email: "Email inválido" });
    expect(errorsOf(contactFormSchema, { ...base, email: "ana@acme.com" })).toEqual({});
  });

  it("the server schema has no consent field (SPEC §7) and caps lengths", () => {
    const ok = contactSchema.parse({ name: " Ana ", company: "ACME", email: "ana@acme.com", message: "Oi", consent: "ignored" });
    expect(ok).not.toHaveProperty("consent");
    expect(ok.name).toBe("Ana");
    expect(errorsOf(contactSchema, { name: "a".repeat(121), company: "c", email: "a@b.co", message: "m" })).toEqual({
      name: "Use no máximo 120 caracteres",
    });
  });
});

describe("newsletter", () => {
  it("SPEC §5: empty or without '@' is invalid in the browser", () => {
    expect(isNewsletterEmailAcceptable("")).toBe(false);
    expect(isNewsletterEmailAcceptable("   ")).toBe(false);
    expect(isNewsletterEmailAcceptable("sem-arroba")).toBe(false);
    expect(isNewsletterEmailAcceptable("a@b.co")).toBe(true);
  });

  it("the server answers 'Email inválido' for anything that is not an address", () => {
    expect(errorsOf(newsletterSchema, { email: "" })).toEqual({ email: "Email inválido" });
    expect(errorsOf(newsletterSchema, { email: "a@" })).toEqual({ email: "Email inválido" });
  });
});

describe("career application", () => {
  it.each([
    ["name", "A", "Nome deve ter pelo menos 2 caracteres"],
    ["email", "carlos", "Email inválido"],
    ["phone", "119876543", "Telefone deve ter pelo menos 10 dígitos"],
    ["position", "", "Selecione uma vaga"],
    ["experience", "x".repeat(49), "Descreva sua experiência com pelo menos 50 caracteres"],
    ["motivation", "y".repeat(49), "Explique sua motivação com pelo menos 50 caracteres"],
    ["linkedinUrl", "linkedin.com/in/carlos", "URL do LinkedIn inválida"],
    ["linkedinUrl", "javascript:alert(1)", "URL do LinkedIn inválida"],
    ["portfolioUrl", "meu portfólio", "URL do portfólio inválida"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(careerApplicationSchema, { ...validApplication, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts empty optional URLs and real ones", () => {
    expect(errorsOf(careerApplicationSchema, validApplication)).toEqual({});
    expect(errorsOf(careerApplicationSchema, { ...validApplication, portfolioUrl: "https://carlos.dev" })).toEqual({});
  });
});

describe("consultation request", () => {
  it("requires every field of the consultations entity", () => {
    expect(errorsOf(consultationSchema, {})).toEqual({
      name: "Nome é obrigatório", // as on the contact form: one message per rule

      email: "Email é obrigatório",
      phone: "Telefone deve ter pelo menos 10 dígitos",
      company: "Nome da empresa é obrigatório",
      industryArea: "Área de atuação é obrigatória",
    });
    expect(errorsOf(consultationSchema, { name: "A" }).name).toBe("Nome deve ter pelo menos 2 caracteres");
  });
});

describe("questionnaire", () => {
  it("requires company name, contact name and e-mail with the spec's messages", () => {
    expect(errorsOf(businessOptimizationSchema, {})).toEqual({
      companyName: "Nome da empresa é obrigatório",
      contactName: "Nome do contato é obrigatório",
      email: "Email é obrigatório",
    });
    expect(errorsOf(businessOptimizationSchema, { companyName: "A", contactName: "B", email: "x" })).toEqual({
      email: "Email inválido",
    });
  });

  it("accepts only the SPEC §3 choice values (or nothing)", () => {
    const base = { companyName: "A", contactName: "B", email: "a@b.co" };
    for (const [field, value] of [
      ["companySize", "micro"],
      ["dataQuality", "nao-sei"],
      ["teamFamiliarity", "misto"],
      ["budget", "acima-250k"],
      ["timeline", "flexivel"],
    ] as const) {
      expect(errorsOf(businessOptimizationSchema, { ...base, [field]: value })).toEqual({});
      expect(errorsOf(businessOptimizationSchema, { ...base, [field]: "outro" })).toEqual({ [field]: "Selecione uma opção válida" });
    }
  });

  it("maps failures to the SPEC §8 texts", () => {
    const d = questionnaireMessages.failureDescription;
    expect(d("TypeError: Failed to fetch")).toBe("Problema de conexão. Verifique sua internet e tente novamente.");
    expect(d("500: Internal Server Error")).toBe("Erro no servidor. Por favor, tente novamente ou entre em contato.");
    expect(d("400: Dados inválidos")).toBe("Dados inválidos. Verifique se todos os campos obrigatórios estão preenchidos.");
    expect(d("Muitos envios")).toBe("Erro: Muitos envios");
    expect(d("")).toBe("Tente novamente em alguns minutos ou entre em contato conosco diretamente.");
  });
});
