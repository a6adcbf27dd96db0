import { describe, expect, it } from "vitest";
import { findCatalogItem, formatBRL, formatItemPrice, plans, products } from "~/lib/catalog";
import { checkoutSessionSchema, SESSION_ID_PATTERN, subscriptionSchema } from "~/lib/schemas/payments";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("catalog", () => {
  it("has the spec's plan and product ids and prices (SPEC §3, §9)", () => {
    expect(plans.map((p) => [p.id, p.priceCents])).toEqual([
      ["plano-essencial", 500_000],
      ["plano-estrategico", 800_000],
      ["plano-inovador", 1_000_000],
    ]);
    expect(products.map((p) => [p.id, p.priceCents])).toEqual([
      ["chatbot", 300_000],
      ["consultoria-8-horas", 500_000],
      ["treinamento-equipe", 500_000],
      ["implementacao-agente", 1_000_000],
      ["mapeamento-completo", 2_000_000],
    ]);
    expect(plans.every((p) => p.interval === "month")).toBe(true);
    expect(products.every((p) => p.interval === null)).toBe(true);
  });

  it("finds items by kind and id, and never across kinds", () => {
    expect(findCatalogItem("plan", "plano-estrategico")?.name).toBe("Plano Estratégico");
    expect(findCatalogItem("product", "chatbot")?.kind).toBe("product");
    expect(findCatalogItem("product", "plano-essencial")).toBeUndefined();
    expect(findCatalogItem("plan", "chatbot")).toBeUndefined();
    expect(findCatalogItem("plan", "plano-basico")).toBeUndefined(); // the original's mismatched ids
    expect(findCatalogItem("product", "__proto__")).toBeUndefined();
  });

  it("gives every item a real name, description and lists", () => {
    for (const item of [...plans, ...products]) {
      expect(item.name).not.toBe("Plano");
      expect(item.description.length).toBeGreaterThan(20);
      expect(item.features.length).toBeGreaterThan(0);
      expect(item.benefits.length).toBeGreaterThan(0);
      expect(Number.isInteger(item.priceCents)).toBe(true);
    }
  });
});

describe("price formatting (pt-BR, BRL)", () => {
  it("formats centavos as reais", () => {
    expect(nbsp(formatBRL(500_000))).toBe("R$ 5.000,00");
    expect(nbsp(formatBRL(2_000_000))).toBe("R$ 20.000,00");
    expect(nbsp(formatBRL(1_990))).toBe("R$ 19,90");
    expect(nbsp(formatBRL(0))).toBe("R$ 0,00");
  });

  it("marks plans as monthly and products as one-off", () => {
    expect(nbsp(formatItemPrice(findCatalogItem("plan", "plano-inovador")!))).toBe("R$ 10.000,00/mês");
    expect(nbsp(formatItemPrice(findCatalogItem("product", "chatbot")!))).toBe("R$ 3.000,00");
  });
});

describe("checkout payloads", () => {
  it("requires the item id with the spec's message and ignores return URLs", () => {
    const missing = checkoutSessionSchema.safeParse({ successUrl: "https://evil.example" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("É necessário fornecer um productId ou planId");
    expect(subscriptionSchema.safeParse({ planId: "  " }).success).toBe(false);
    expect(subscriptionSchema.safeParse({ planId: 12 }).success).toBe(false);
    expect(checkoutSessionSchema.parse({ productId: " chatbot ", cancelUrl: 3 }).productId).toBe("chatbot");
  });

  it("accepts only Stripe and demo session ids", () => {
    expect(SESSION_ID_PATTERN.test("cs_test_a1B2c3D4e5F6g7H8")).toBe(true);
    expect(SESSION_ID_PATTERN.test(`demo_${"ab".repeat(16)}`)).toBe(true);
    expect(SESSION_ID_PATTERN.test("cs_test_<script>")).toBe(false);
    expect(SESSION_ID_PATTERN.test("../../etc/passwd")).toBe(false);
  });
});
