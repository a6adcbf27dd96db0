// ESLint: correctness, React hooks, accessibility and import order. Layout is Prettier's job
// (eslint-config-prettier turns off every rule that would argue with it). See docs/decisions/0050.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build*/", ".react-router/", ".tmp/", "test-results/", "bench/results/", "public/", "node_modules/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    rules: {
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"], "type"],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          pathGroupsExcludedImportTypes: ["builtin"],
          alphabetize: { order: "asc", caseInsensitive: true },
          "newlines-between": "never",
        },
      ],
      "import-x/no-duplicates": "error",
      // `_` marks a parameter a signature needs but the body does not use.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The app's layers take Web Requests and plain values, never the Node or Express objects of the
    // host (server/): a domain rule can then be called from a route, a job or a test alike.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["http", "node:http", "https", "node:https", "express"].map((name) => ({
            name,
            message: "Pass a Web Request or plain values; the host's HTTP objects stay in server/.",
          })),
        },
      ],
    },
  },
  {
    // Tests and fakes answer protocols whose bodies are whatever the other side sends.
    files: ["tests/**/*.ts", "bench/**/*.{ts,mjs}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
