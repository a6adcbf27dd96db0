import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts/tests build side by side; production uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route is in the page's manifest: no /__manifest request after load, and no re-render
  // of the whole page when its answer arrives (a long task on phones).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
