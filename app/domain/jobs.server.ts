/**
 * Periodic background work of one app instance. Each job must be safe when several
 * instances run it at once (they share the database, not memory).
 */
import { pruneExpiredSessions } from "./auth.server";
import { logger } from "./logger.server";
import { pruneRateLimits } from "./rate-limit.server";

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Run once more when the server stops (e.g. writing what is still buffered), before the database closes. */
  final?: () => Promise<unknown>;
}

const jobs: Job[] = [
  { name: "limpeza-sessoes", everyMs: 10 * 60_000, run: pruneExpiredSessions },
  { name: "limpeza-limites", everyMs: 10 * 60_000, run: pruneRateLimits },
];

/** Lets each area register its own job (outbox worker, retention, reconciliation). */
export function registerJob(job: Job): void {
  jobs.push(job);
}

export function startJobs(): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = job
        .run()
        .catch((error) => logger.error({ err: error, job: job.name }, "falha em tarefa periódica"))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.everyMs).unref());
  }
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
    for (const job of jobs) {
      await job.final?.().catch((error) => logger.error({ err: error, job: job.name }, "falha em tarefa periódica"));
    }
  };
}
