/**
 * `npm run backup` on the embedded database: only this process may read the data folder, so the
 * script writes what it wants into `<DATA_DIR>/backup-request.json` and sends SIGUSR2; we write
 * the snapshot there (scripts/backup.mjs waits for it). Local-only by construction: sending a
 * signal to this process needs the same user (or root) on the same machine.
 */
import fs from "node:fs";
import path from "node:path";
import { env } from "~/config.server";
import { writeEmbeddedSnapshot } from "~/db/client.server";
import { logger } from "~/infra/logger.server";

export const BACKUP_REQUEST_FILE = "backup-request.json";

export function listenForBackupRequests(): () => void {
  if (env.DATABASE_URL || env.DATA_DIR.startsWith("memory://")) return () => {};
  const requestFile = path.join(path.resolve(env.DATA_DIR), BACKUP_REQUEST_FILE);
  const onSignal = async () => {
    let target: string | undefined;
    try {
      target = (JSON.parse(fs.readFileSync(requestFile, "utf8")) as { file?: unknown }).file as string | undefined;
      fs.rmSync(requestFile, { force: true });
      if (typeof target !== "string" || !path.isAbsolute(target)) throw new Error("pedido de backup sem um caminho absoluto");
      const started = performance.now();
      const bytes = await writeEmbeddedSnapshot(target);
      logger.info({ file: target, bytes, ms: Math.round(performance.now() - started) }, "backup do banco embutido escrito");
    } catch (error) {
      logger.error({ err: error, file: target }, "backup do banco embutido falhou");
    }
  };
  process.on("SIGUSR2", onSignal);
  return () => process.off("SIGUSR2", onSignal);
}
