// Runs the deploy recipe deploy/nginx.conf on this machine, in front of an app on `appPort`: the
// same cache and proxy directives, with a local port instead of TLS and a temporary cache folder.
// Used by tests/integration/nginx.test.ts and the bench's speed section, so what they measure is
// the recipe operators copy, not a look-alike.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RECIPE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/nginx.conf");

/** The recipe's `http` content for a local run: no redirect server, no TLS, local app and cache. */
export function localRecipe({ appPort, listenPort, cacheDir }) {
  let conf = fs.readFileSync(RECIPE, "utf8");
  // The plain-HTTP server only redirects to HTTPS.
  conf = conf.replace(/server \{\s*listen 80;[\s\S]*?return 301[^}]*\}\n/, "");
  conf = conf
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/\s*listen \[::\]:443 ssl;/, "")
    .replace(/\s*http2 on;/, "")
    .replace(/\s*ssl_certificate(_key)? [^;]+;/g, "")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`)
    .replace("/var/cache/nginx/agile-ia", cacheDir);
  for (const kept of ["proxy_cache_path", "proxy_cache_key", "proxy_cache_lock on", `listen 127.0.0.1:${listenPort}`]) {
    if (!conf.includes(kept)) throw new Error(`deploy/nginx.conf mudou: "${kept}" não encontrado`);
  }
  return conf;
}

/** Starts nginx (one worker, as the bench's static limit) with the recipe; resolves once it answers. */
export async function startRecipe({ appPort, listenPort, dir }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const main = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    main,
    `worker_processes 1;
daemon off;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
${localRecipe({ appPort, listenPort, cacheDir: path.join(dir, "cache") })}
}
`,
  );
  const child = spawn(process.env.NGINX ?? "nginx", ["-c", main, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx saiu: ${stderr}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
