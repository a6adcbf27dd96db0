/**
 * Where PDFs and DOCs are parsed (docs/decisions/0108, 0120): in a child process
 * (./document-parse.child.cjs) with a deadline and a heap limit, one file at a time. pdf-lib
 * inflates object streams whole and trusts the counts it reads, cfb walks a directory of any size
 * with quadratic steps: a crafted file of a few hundred bytes to 5 MB costs either of them seconds
 * to minutes, and gigabytes. A process, not a worker thread: a worker's heap limit is best-effort,
 * and some allocations past it abort the whole server (nodejs/node#47224). A file the child cannot
 * parse within the limits is refused. The child stays while files arrive and leaves after a
 * minute without one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import childSource from "./document-parse.child.cjs?raw";

/**
 * A valid 5 MB PDF or DOC parses in a few milliseconds on a quiet host, a PDF of 5,000 objects in
 * about 0.2 s (measured in docs/decisions/0108); the rest is room for a busy host. A bomb holds the child this long.
 */
const PARSE_DEADLINE_MS = 3_000;
/** Starting the process and loading pdf-lib and cfb (~0.3 s on a quiet machine). */
const START_DEADLINE_MS = 15_000;
const IDLE_MS = 60_000;
/** Past this heap the child dies of it, alone. */
const HEAP_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=16"];

/** A PDF's page count and every name in it, as keys or values, decoded. */
export interface PdfReport {
  ok: true;
  pages: number;
  names: string[];
}

/** A compound file's storages (type 1) and streams (type 2), each under its `parents`, with its first bytes. */
export interface CompoundReport {
  ok: true;
  entries: Array<{ parents: string[]; name: string; type: number; start: Uint8Array }>;
}

/** What the child makes of the file, or null when it cannot parse it within the limits. */
export async function parseInWorker(format: "pdf", bytes: Uint8Array): Promise<PdfReport | null>;
export async function parseInWorker(format: "doc", bytes: Uint8Array): Promise<CompoundReport | null>;
export async function parseInWorker(format: "pdf" | "doc", bytes: Uint8Array): Promise<PdfReport | CompoundReport | null> {
  const result = turn.then(() => parseInChild(format, bytes));
  turn = result.catch(() => undefined);
  const report = (await result) as { ok?: boolean } | null;
  return report?.ok ? (report as PdfReport | CompoundReport) : null;
}

interface Parser {
  child: ChildProcess;
  ready: Promise<boolean>;
}

let parser: Parser | undefined;
let idle: NodeJS.Timeout | undefined;
const packages = createRequire(import.meta.url);
/** One parse at a time: the child holds one file's objects, and the host has two cores for everything. */
let turn: Promise<unknown> = Promise.resolve();

async function parseInChild(format: "pdf" | "doc", bytes: Uint8Array): Promise<unknown> {
  clearTimeout(idle);
  const current = (parser ??= start());
  try {
    if (!(await current.ready)) return null;
    return await ask(current, format, bytes);
  } finally {
    if (parser) idle = setTimeout(() => stop(parser), IDLE_MS).unref();
  }
}

function start(): Parser {
  const args = [...HEAP_FLAGS, "-e", childSource, "--", packages.resolve("@cantoo/pdf-lib"), packages.resolve("cfb")];
  // No inherited environment: the parser of strangers' files needs none of the server's secrets.
  const child = spawn(process.execPath, args, { env: {}, stdio: ["ignore", "ignore", "ignore", "ipc"], serialization: "advanced" });
  // Never what keeps the server's process alive (a test run, a script that checks one file).
  child.unref();
  child.channel?.unref();
  // A failure between two files must not become the process's unhandled 'error'.
  child.on("error", () => undefined).on("exit", () => parser?.child === child && stop(parser));
  const started: Parser = { child, ready: reply(child, START_DEADLINE_MS).then((message) => message !== null) };
  started.ready.then((ok) => ok || stop(started));
  return started;
}

function stop(stopping: Parser | undefined): void {
  if (!stopping) return;
  if (parser === stopping) parser = undefined;
  stopping.child.kill("SIGKILL");
}

async function ask(current: Parser, format: "pdf" | "doc", bytes: Uint8Array): Promise<unknown> {
  const answer = reply(current.child, PARSE_DEADLINE_MS);
  current.child.send({ format, bytes });
  const report = await answer;
  // Too slow, out of memory or gone: this child's state is unknown, the next file gets a new one.
  if (report === null) stop(current);
  return report;
}

/** The child's next message, or null when it fails, exits or says nothing within `deadlineMs`. */
function reply(child: ChildProcess, deadlineMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    const done = (value: unknown) => {
      clearTimeout(timer);
      child.off("message", onMessage).off("error", onFailure).off("exit", onFailure);
      resolve(value);
    };
    const onMessage = (message: unknown) => done(message);
    const onFailure = () => done(null);
    const timer = setTimeout(onFailure, deadlineMs);
    child.on("message", onMessage).on("error", onFailure).on("exit", onFailure);
  });
}
