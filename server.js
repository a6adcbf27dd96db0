// Process entry. Production: runs the bundled server (build/server/index.js).
// Development (`npm run dev`): loads server/app.ts through Vite with hot reload of routes.
const dev = process.argv.includes("--dev");

async function main() {
  let mod;
  let startOptions = {};
  if (dev) {
    process.env.NODE_ENV ??= "development";
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    mod = await viteServer.ssrLoadModule("./server/app.ts");
    startOptions.dev = {
      middlewares: viteServer.middlewares,
      loadBuild: () => viteServer.ssrLoadModule("virtual:react-router/server-build"),
    };
  } else {
    process.env.NODE_ENV ??= "production";
    const buildDir = process.env.BUILD_DIR ?? "build";
    mod = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  }
  const running = await mod.startServer(startOptions);
  console.log(`Servidor pronto em http://localhost:${running.port}`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} recebido: encerrando com calma...`);
    setTimeout(() => process.exit(1), 15_000).unref();
    await running.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
