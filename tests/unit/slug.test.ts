import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categorySchema, postListQuerySchema, postMessages, postSchema, postUpdateSchema, categoryMessages } from "~/lib/schemas/blog";
import { slugify } from "~/lib/slug";

describe("slug rule (SPEC §4)", () => {
  it.each([
    ["Olá Mundo", "ola-mundo"],
    ["Ação, Educação & Inovação!", "acao-educacao-inovacao"],
    ["  Espaços   nas   pontas  ", "espacos-nas-pontas"],
    ["IA -- generativa --- hoje", "ia-generativa-hoje"],
    ["Pontuação: vírgulas, pontos. E (parênteses)?", "pontuacao-virgulas-pontos-e-parenteses"],
    ["MAIÚSCULAS e minúsculas", "maiusculas-e-minusculas"],
    ["Cão, pão e maçã", "cao-pao-e-maca"],
    ["Über-façade naïve", "uber-facade-naive"],
    ["snake_case fica", "snake_case-fica"],
    ["— Resumo 2025 —", "resumo-2025"],
    ["Tab\tnova\nlinha", "tab-nova-linha"],
    ["!!!", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("is idempotent and only ever yields lowercase word characters and single hyphens", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
        expect(slug).toMatch(/^(?:[a-z0-9_]+(?:-[a-z0-9_]+)*)?$/);
      }),
    );
  });
});

const validPost = {
  title: "Um título",
  slug: "um-titulo",
  summary: "Resumo com mais de dez caracteres",
  content: "<p>" + "Conteúdo ".repeat(8) + "</p>",
};

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("post schema (SPEC §5)", () => {
  it("answers each rule with the spec's message", () => {
    const result = postSchema.safeParse({ title: "ab", slug: "ab", summary: "curto", content: "pouco" });
    expect(messages(result)).toEqual({
      title: "O título deve ter pelo menos 3 caracteres",
      slug: "O slug deve ter pelo menos 3 caracteres",
      summary: "O resumo deve ter pelo menos 10 caracteres",
      content: "O conteúdo deve ter pelo menos 50 caracteres",
    });
  });

  it("missing fields get the same Portuguese messages", () => {
    expect(messages(postSchema.safeParse({}))).toMatchObject({ title: postMessages.title, content: postMessages.content });
  });

  it("categoryId: number, numeric string or null; empty becomes null; published defaults to false; autoSlug is dropped", () => {
    expect(postSchema.parse({ ...validPost, categoryId: 3 }).categoryId).toBe(3);
    expect(postSchema.parse({ ...validPost, categoryId: "7" }).categoryId).toBe(7);
    expect(postSchema.parse({ ...validPost, categoryId: "" }).categoryId).toBeNull();
    expect(postSchema.parse({ ...validPost, categoryId: null }).categoryId).toBeNull();
    const parsed = postSchema.parse({ ...validPost, autoSlug: true });
    expect(parsed.published).toBe(false);
    expect("autoSlug" in parsed).toBe(false);
    expect(messages(postSchema.safeParse({ ...validPost, categoryId: "abc" }))).toEqual({ categoryId: postMessages.categoryId });
  });

  it("normalises a hand-typed slug with the same rule and re-checks its length", () => {
    expect(postSchema.parse({ ...validPost, slug: "Meu Slug Ágil!" }).slug).toBe("meu-slug-agil");
    expect(messages(postSchema.safeParse({ ...validPost, slug: "!!!!" }))).toEqual({ slug: postMessages.slug });
  });

  it("imageUrl: text or null, but never a script URL", () => {
    expect(postSchema.parse({ ...validPost, imageUrl: "" }).imageUrl).toBeNull();
    expect(postSchema.parse({ ...validPost, imageUrl: "/media/abc.webp" }).imageUrl).toBe("/media/abc.webp");
    expect(postSchema.parse({ ...validPost, imageUrl: "https://cdn.exemplo.com/a.png" }).imageUrl).toBe("https://cdn.exemplo.com/a.png");
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png"]) {
      expect(messages(postSchema.safeParse({ ...validPost, imageUrl: bad }))).toEqual({ imageUrl: postMessages.imageUrl });
    }
  });

  it("title and slug stop at 200 characters (SPEC §9)", () => {
    expect(messages(postSchema.safeParse({ ...validPost, title: "a".repeat(201), slug: "b".repeat(201) }))).toEqual({
      title: postMessages.titleMax,
      slug: postMessages.slugMax,
    });
  });

  it("an update may carry only `published` (the list switch) but not nothing", () => {
    expect(postUpdateSchema.parse({ published: true })).toEqual({ published: true });
    expect(postUpdateSchema.safeParse({}).success).toBe(false);
    expect(postUpdateSchema.safeParse({ published: "sim" }).success).toBe(false);
  });
});

describe("category schema (SPEC §5)", () => {
  it("answers with the spec's messages and makes an empty description null", () => {
    expect(messages(categorySchema.safeParse({ name: "a", slug: "b" }))).toEqual({
      name: "O nome deve ter pelo menos 2 caracteres",
      slug: "O slug deve ter pelo menos 2 caracteres",
    });
    expect(categorySchema.parse({ name: "Dados", slug: "Dados e Analytics", description: "" })).toEqual({
      name: "Dados",
      slug: "dados-e-analytics",
      description: null,
    });
    expect(messages(categorySchema.safeParse({ name: "x".repeat(101), slug: "y".repeat(101) }))).toEqual({
      name: categoryMessages.nameMax,
      slug: categoryMessages.slugMax,
    });
  });
});

describe("post list query", () => {
  it("accepts categoryId, limit (1-50) and page; rejects anything else", () => {
    expect(postListQuerySchema.parse({ categoryId: "2", limit: "5", page: "3" })).toEqual({ categoryId: 2, limit: 5, page: 3 });
    expect(postListQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(postListQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
    expect(postListQuerySchema.safeParse({ page: "-1" }).success).toBe(false);
    expect(postListQuerySchema.safeParse({ categoryId: "x" }).success).toBe(false);
  });
});
