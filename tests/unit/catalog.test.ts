import { describe, expect, it } from "vitest";
import { findCatalogItem, formatBRL, formatItemPrice, plans, products } from "~/lib/catalog";

// SPEC §3 and §9: ids and prices (BRL) of the three monthly plans and five one-off products.
const SPEC_PLANS = { "plano-essencial": 5_000, "plano-estrategico": 8_000, "plano-inovador": 10_000 };
const SPEC_PRODUCTS = {
  chatbot: 3_000,
  "consultoria-8-horas": 5_000,
  "treinamento-equipe": 5_000,
  "implementacao-agente": 10_000,
  "mapeamento-completo": 20_000,
};

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("catalog", () => {
  it("holds exactly the spec's plans, monthly, with their prices in centavos", () => {
    expect(Object.fromEntries(plans.map((p) => [p.id, p.priceCents / 100]))).toEqual(SPEC_PLANS);
    for (const p of plans) {
      expect(p.kind).toBe("plan");
      expect(p.interval).toBe("month");
    }
  });

  it("holds exactly the spec's one-off products with their prices", () => {
    expect(Object.fromEntries(products.map((p) => [p.id, p.priceCents / 100]))).toEqual(SPEC_PRODUCTS);
    for (const p of products) {
      expect(p.kind).toBe("product");
      expect(p.interval).toBeNull();
    }
  });

  it("marks only Estratégico as most popular", () => {
    expect([...plans, ...products].filter((i) => i.highlight).map((i) => [i.id, i.highlight])).toEqual([
      ["plano-estrategico", "Mais popular"],
    ]);
  });

  it("gives every item a description, an includes list and a benefits list", () => {
    for (const item of [...plans, ...products]) {
      expect(item.description.length).toBeGreaterThan(20);
      expect(item.features.length).toBeGreaterThan(0);
      expect(item.benefits.length).toBeGreaterThan(0);
    }
  });

  it("states the plan inclusions the spec names", () => {
    const features = (id: string) => findCatalogItem("plan", id)!.features.join(" | ");
    expect(features("plano-essencial")).toMatch(/\b1 agente\b/);
    expect(features("plano-estrategico")).toMatch(/até 2 sistemas/);
    expect(features("plano-estrategico")).toMatch(/8 horas mensais de treinamento/);
    expect(features("plano-estrategico")).toMatch(/24\/7/);
    expect(features("plano-inovador")).toMatch(/2 agentes de IA no total/);
  });

  it("finds items by kind and id only", () => {
    expect(findCatalogItem("product", "chatbot")?.name).toBeTruthy();
    expect(findCatalogItem("plan", "chatbot")).toBeUndefined();
    expect(findCatalogItem("plan", "plano-basico")).toBeUndefined();
  });
});

describe("formatBRL", () => {
  it("formats centavos as Brazilian reais", () => {
    expect(nbsp(formatBRL(500_000))).toBe("R$ 5.000,00");
    expect(nbsp(formatBRL(2_000_000))).toBe("R$ 20.000,00");
    expect(nbsp(formatBRL(1_999))).toBe("R$ 19,99");
    expect(nbsp(formatBRL(0))).toBe("R$ 0,00");
  });

  it("adds the monthly suffix to plans only", () => {
    expect(nbsp(formatItemPrice(findCatalogItem("plan", "plano-estrategico")!))).toBe("R$ 8.000,00/mês");
    expect(nbsp(formatItemPrice(findCatalogItem("product", "mapeamento-completo")!))).toBe("R$ 20.000,00");
  });
});
