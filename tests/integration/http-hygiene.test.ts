/**
 * HTTP hygiene found by an external scan: every method a route does not serve gets 405 with
 * `Allow` (never a 5xx, never an error in the log), OPTIONS says what an address allows without
 * running it, and every answer carries a Permissions-Policy. The real server process, its real log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let child: ChildProcess;
let base = "";
let log = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      SITE_URL: "",
      NODE_ENV: "production",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  base = await new Promise<string>((resolve, reject) => {
    child.on("exit", () => reject(new Error(`exited: ${log}`)));
    const look = () => {
      const port = /servidor pronto em http:\/\/localhost:(\d+)/.exec(log)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
      else setTimeout(look, 50);
    };
    look();
  });
}, 120_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

/** node:http, because fetch refuses methods such as TRACE. */
function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const errorLines = () =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50);

describe("methods", () => {
  const paths = [
    "/",
    "/sobre",
    "/blog",
    "/blog/nao-existe",
    "/api/blog/posts",
    "/api/contact",
    "/api/analytics",
    "/admin",
    "/login",
    "/nao-existe",
  ];

  it.each(["TRACE", "PROPFIND", "MKCOL", "COPY", "PURGE", "LOCK", "SEARCH"])(
    "%s is 405 with Allow everywhere, never a 5xx",
    async (method) => {
      for (const path of paths) {
        const res = await send(method, path);
        expect([path, res.status]).toEqual([path, 405]);
        expect(res.headers.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
        expect(res.headers.allow).not.toContain(method);
        expect(res.headers.allow).toContain("OPTIONS");
      }
    },
  );

  it("a method the route does not serve is 405 with what it serves", async () => {
    const put = await send("PUT", "/api/contact");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("POST, OPTIONS");
    expect(JSON.parse(put.body)).toEqual({ success: false, message: "Método não permitido." });
    const get = await send("GET", "/api/contact");
    expect([get.status, get.headers.allow]).toEqual([405, "POST, OPTIONS"]);
    const post = await send("POST", "/sobre");
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD, OPTIONS"]);
    expect(post.headers["content-type"]).toMatch(/^text\/plain/);
    const del = await send("DELETE", "/api/blog/posts");
    expect([del.status, del.headers.allow]).toEqual([405, "GET, POST, HEAD, OPTIONS"]);
  });

  it("OPTIONS says what an address allows, with no body and without running it", async () => {
    const res = await send("OPTIONS", "/api/blog/posts");
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(res.body).toBe("");
    expect((await send("OPTIONS", "/api/blog/posts/1")).headers.allow).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    expect((await send("OPTIONS", "/")).headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("logged no error for any of it", () => {
    expect(errorLines()).toEqual([]);
  });
});

describe("headers", () => {
  it("every answer switches off the browser features the site never uses", async () => {
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/api/blog/posts"],
      ["TRACE", "/"],
      ["GET", "/admin"],
    ] as const) {
      const res = await send(method, path);
      expect(res.headers["permissions-policy"], `${method} ${path}`).toMatch(
        /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
      );
    }
  });
});
