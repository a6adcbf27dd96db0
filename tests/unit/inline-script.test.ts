import { describe, expect, it } from "vitest";
import { inlineJobs, inlineScript } from "~/lib/inline-script";
import { isOneByte } from "../helpers/v8-strings";

// This file has a character beyond Latin-1 ("—"), so V8 keeps its source, and the source of any
// function in it, two bytes per character, as it does for the app's bundles. The rendered page
// itself is checked on the production build (tests/integration/rendering.test.ts).
function greet(name: string, times: number) {
  for (let i = 0; i < times; i++) console.log(`olá, ${name}`);
}

describe("inline scripts (decision 0097)", () => {
  it("are the function's source called with its arguments as JSON", () => {
    expect(inlineScript(greet, 'Ana "A"', 2)).toBe(`(${greet.toString()})("Ana \\"A\\"",2)`);
  });

  it("come out one byte per character, though the function's source is two-byte", () => {
    expect(isOneByte(greet.toString())).toBe(false); // what the helper is there for
    expect(isOneByte(inlineScript(greet, "Ana", 1))).toBe(true);
  });
});

describe("inline jobs", () => {
  const setup = (name: string) => ({ name, seen: [] as string[] });
  function first(c: { name: string; seen: string[] }) {
    c.seen.push(`first ${c.name}`);
  }
  function second(c: { name: string; seen: string[] }) {
    c.seen.push(`second ${c.name}`);
  }

  it("run in order with one context, the one the setup makes of the JSON config", () => {
    const text = inlineJobs(setup, [first, second], "Ana");
    expect(text).toBe(`(c=>{(${first.toString()})(c);(${second.toString()})(c);})((${setup.toString()})("Ana"))`);
    expect(isOneByte(inlineJobs(setup, [first, second], "Ana"))).toBe(true);
  });
});
