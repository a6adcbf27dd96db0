// Shared by the operator scripts (backup, restore): the same .env rule as server.js, the embedded
// database's lock, and a failure that says what to do.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A .env file (in the working directory, else the project's) fills what the environment lacks. */
export function loadEnv() {
  for (const file of [".env", path.join(root, ".env")]) {
    if (fs.existsSync(file)) {
      process.loadEnvFile(file);
      return;
    }
  }
}

/** The live process holding DATA_DIR on this machine (app/db/client.server.ts writes `pid@host`), or null. */
export function lockOwner(dataDir) {
  let content;
  try {
    content = fs.readFileSync(path.join(dataDir, ".lock"), "utf8").trim();
  } catch {
    return null;
  }
  const [pid, host] = content.split("@");
  if (host !== undefined && host !== os.hostname()) return null;
  try {
    process.kill(Number(pid), 0);
    return Number(pid);
  } catch (error) {
    return error.code === "EPERM" ? Number(pid) : null;
  }
}

export function fail(message) {
  console.error(`erro: ${message}`);
  process.exit(1);
}
