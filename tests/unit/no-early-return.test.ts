/**
 * No test passes without running: a case that does not apply to one database is `it.skipIf(…)`,
 * so the report counts it as skipped, never an early `return` that reports it as passed. This reads
 * every test file with TypeScript's parser and fails on a `return` in a test's own body (nested
 * functions, such as callbacks and helpers inside it, may return).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOTS = ["tests/unit", "tests/integration", "tests/e2e"];
const files = ROOTS.flatMap((root) =>
  fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(test|spec)\.tsx?$/.test(f))
    .map((f) => path.join(root, f)),
);

/** What may stand between `it`/`test` and the call that registers a test (not hooks, not `describe`). */
const MODIFIERS = new Set(["only", "skip", "skipIf", "runIf", "concurrent", "sequential", "fails", "each", "fixme", "slow"]);

/** `it(…)`, `test(…)`, `it.only(…)`, `it.skipIf(c)(…)`, `it.each(t)(…)`: the call that registers a test. */
function isTestCall(node: ts.CallExpression): boolean {
  let callee: ts.Expression = node.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression; // it.skipIf(c)(name, fn)
  while (ts.isPropertyAccessExpression(callee)) {
    if (!MODIFIERS.has(callee.name.text)) return false;
    callee = callee.expression;
  }
  return ts.isIdentifier(callee) && (callee.text === "it" || callee.text === "test");
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node);

/** Lines of the `return` statements in a test body, not inside a nested function. */
function earlyReturns(source: ts.SourceFile): number[] {
  const lines: number[] = [];
  const inBody = (node: ts.Node) => {
    if (isFunction(node)) return;
    if (ts.isReturnStatement(node)) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, inBody);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCall(node)) {
      const fn = node.arguments.find(
        (a): a is ts.ArrowFunction | ts.FunctionExpression => ts.isArrowFunction(a) || ts.isFunctionExpression(a),
      );
      const body = fn?.body;
      if (body && ts.isBlock(body)) ts.forEachChild(body, inBody);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe("test bodies", () => {
  it("finds the test files", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("a return in a test's own body is found, one in a nested function is not", () => {
    const sample = ts.createSourceFile(
      "sample.test.ts",
      [
        'it("skips", async () => { if (x) return; expect(1).toBe(1); });',
        'it.skipIf(y)("ok", () => { const f = () => { return 1; }; expect(f()).toBe(1); });',
        'describe("d", () => { test("t", function () { for (const a of b) { if (a) return; } }); });',
        "test.afterAll(async () => { if (!server) return; });",
      ].join("\n"),
      ts.ScriptTarget.Latest,
      true,
    );
    expect(earlyReturns(sample)).toEqual([1, 3]);
  });

  it.each(files)("%s has no early return in a test body", (file) => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    expect(earlyReturns(source)).toEqual([]);
  });
});
