import { describe, expect, it } from "vitest";
import { canonicalPath, canonicalQuery, isTrackingParameter, leftOutParameters } from "~/infra/cache-key.server";

describe("canonical cache key", () => {
  it("leaves out tracking parameters and any parameter the route does not declare, in any order", () => {
    const declared = ["categoria", "pagina"];
    const plain = canonicalQuery("", declared);
    expect(plain).toBe("");
    for (const search of [
      "?gclid=Cj0KCQ&utm_source=google&utm_medium=cpc",
      "?fbclid=IwAR2&utm_campaign=lancamento",
      "?msclkid=1&ttclid=2&mc_cid=3&mc_eid=4&_hsenc=5&ref=x&gbraid=6&wbraid=7",
      "?qualquer=coisa&outra=",
    ]) {
      expect(canonicalQuery(search, declared)).toBe(plain);
    }
    expect(canonicalQuery("?pagina=2&utm_source=x&categoria=ia", declared)).toBe("?categoria=ia&pagina=2");
    expect(canonicalQuery("?categoria=ia&gclid=1&pagina=2", declared)).toBe("?categoria=ia&pagina=2");
  });

  it("keeps declared parameters apart: another value is another key", () => {
    expect(canonicalQuery("?categoria=ia", ["categoria"])).not.toBe(canonicalQuery("?categoria=dados", ["categoria"]));
    // One value per parameter (the first, as the route reads it); empty values are no value.
    expect(canonicalQuery("?categoria=ia&categoria=dados", ["categoria"])).toBe("?categoria=ia");
    expect(canonicalQuery("?categoria=", ["categoria"])).toBe("");
  });

  it("knows the ad platforms' and e-mail tools' parameters", () => {
    for (const name of [
      "utm_source",
      "utm_term",
      "gclid",
      "gbraid",
      "wbraid",
      "fbclid",
      "msclkid",
      "ttclid",
      "mc_cid",
      "mc_eid",
      "_hsenc",
      "ref",
    ]) {
      expect(isTrackingParameter(name)).toBe(true);
    }
    expect(isTrackingParameter("categoria")).toBe(false);
  });

  it("hands the left-out parameters on to a redirect", () => {
    expect(leftOutParameters("?pagina=1&utm_source=x&gclid=2", ["pagina"])).toBe("utm_source=x&gclid=2");
    expect(leftOutParameters("", ["pagina"])).toBe("");
  });

  it("writes a path one way: lower case, percent-encoding normalised", () => {
    expect(canonicalPath("/sobre")).toBe("/sobre");
    expect(canonicalPath("/SOBRE")).toBe("/sobre");
    expect(canonicalPath("/blog/%61gentes")).toBe("/blog/agentes");
    expect(canonicalPath("/blog/a%C3%A7%C3%A3o")).toBe("/blog/a%C3%A7%C3%A3o");
    expect(canonicalPath("/blog/A%C3%87%C3%83O")).toBe("/blog/a%C3%A7%C3%A3o");
    expect(canonicalPath("/%E0%A4%A")).toBeUndefined();
  });
});
