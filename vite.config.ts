import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Pages render with Preact through its React compatibility layer, on the server and in the
 * browser: the same components at a fraction of react-dom's size (about 50 kB less gzipped
 * JavaScript on every page). The server bundles every package that imports React so the
 * aliases reach them too.
 */
const preactForReact = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];
const packagesUsingReact = [
  /^react-router/,
  /^@react-router\//,
  /^radix-ui/,
  /^@radix-ui\//,
  /^@floating-ui\/react/,
  /^lucide-react/,
  /^react-remove-scroll/,
  /^react-style-singleton/,
  /^use-callback-ref/,
  /^use-sidecar/,
  /^use-sync-external-store/,
  /^@tiptap\//,
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app (server/app.ts), so production runs plain JS.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true, alias: preactForReact },
  ssr: { noExternal: packagesUsingReact },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/bench/**"] } },
}));
