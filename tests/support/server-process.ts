/**
 * The production build run as its own process (`node server.js`), for tests that need more than
 * one instance or a restart: start it, await its log lines (decision 0054), stop it with SIGTERM.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  lines: string[];
  /** The first line of output, already written or still to come, that `match` accepts. */
  line: (match: (line: string) => boolean) => Promise<string>;
  /** Emits "line" for each line of output as it is written. */
  events: EventEmitter<{ line: [line: string] }>;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/**
 * Starts the server (`node <serverJs>` in `cwd`, or `npm start` with `npm`) and resolves once it
 * logs "servidor pronto" (the OS picks the port).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { serverJs = path.join(ROOT, "server.js"), cwd = ROOT, npm = false } = {},
): Promise<ServerProcess> {
  const child = spawn(npm ? "npm" : process.execPath, npm ? ["start"] : [serverJs], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      LOG_LEVEL: "info",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      RATE_LIMIT_FACTOR: "100",
      ADMIN_PASSWORD: "",
      SITE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const written = new EventEmitter<{ line: [line: string] }>();
  let buffered = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`o servidor não ficou pronto em 60 s:\n${lines.join("\n")}`)), 60_000);
    const onData = (chunk: Buffer) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        written.emit("line", line);
        const found = /"msg":"servidor pronto em http:\/\/localhost:(\d+)"/.exec(line)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(Number(found));
        }
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`o servidor saiu (${code}) antes de ficar pronto:\n${lines.join("\n")}`)));
  });
  const line = (match: (line: string) => boolean) =>
    new Promise<string>((resolve) => {
      const found = lines.find(match);
      if (found !== undefined) return resolve(found);
      const listener = (l: string) => {
        if (!match(l)) return;
        written.off("line", listener);
        resolve(l);
      };
      written.on("line", listener);
    });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    return exited;
  };
  return { url: `http://127.0.0.1:${port}`, child, lines, line, events: written, exited, stop };
}

/** Logs in through the real form and returns the session cookie. */
export async function loginAt(url: string, username = "admin", password = "admin123"): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`login falhou: ${res.status}`);
  return cookie;
}

/** Resolves once `check` holds, looking again after every line any of the servers writes. */
export function untilLogged(servers: ServerProcess[], check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      if (!check()) return;
      for (const s of servers) s.events.off("line", look);
      resolve();
    };
    for (const s of servers) s.events.on("line", look);
    look();
  });
}
