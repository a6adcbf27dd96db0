// `npm start`: locally, build when the build is missing or older than the sources, then serve.
// In production (NODE_ENV=production) it never builds: a production install has no build tools,
// and server.js stops with a clear message when the build is missing. package.json runs this
// with `exec`, so a SIGTERM sent to npm reaches this process instead of orphaning it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stamp = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (process.env.NODE_ENV !== "production" && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(builtAt ? "Código alterado desde o último build: gerando um novo..." : "Gerando o build de produção...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, "server.js"));
