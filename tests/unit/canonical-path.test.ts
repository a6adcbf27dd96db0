/** app/infra/canonical-path.server.ts on a real Node server, answering as the host does: which addresses move, where to, and which stay. */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trailingSlashTarget } from "~/infra/canonical-path.server";
import type { AddressInfo } from "node:net";

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const target = trailingSlashTarget(req.url ?? "/");
    if (!target) return void res.end(`page ${req.url}`);
    res.writeHead(308, { Location: target }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request, so the path is sent exactly as written (fetch would normalise "//x" or "\\"). */
function request(path: string, method = "GET"): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method, path }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? "a=1" : undefined);
  });
}

describe("redirectTrailingSlash", () => {
  it.each([
    ["/termos/", "/termos"],
    ["/termos/?utm_source=x&b=%2F", "/termos?utm_source=x&b=%2F"],
    ["/blog/uma-materia///", "/blog/uma-materia"],
    ["/blog/?categoria=agentes-de-ia", "/blog?categoria=agentes-de-ia"],
  ])("%s answers 308 to %s", async (path, target) => {
    const res = await request(path);
    expect(res.status).toBe(308);
    expect(res.location).toBe(target);
  });

  it("keeps other methods (308, not 301): a POST is redirected as a POST by the client", async () => {
    const res = await request("/enviar/contato/", "POST");
    expect(res.status).toBe(308);
    expect(res.location).toBe("/enviar/contato");
  });

  it.each(["//evil.example/", "/\\evil.example/", "///evil.example//"])("never points off the site: %s", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(308);
    expect(res.location).toBe("/evil.example");
  });

  it.each(["/", "/termos", "/termos?x=/", "/blog/uma-materia", "/?a=b/"])("leaves %s alone", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.body).toBe(`page ${path}`);
  });
});
