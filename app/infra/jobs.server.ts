/**
 * The runner of periodic background work. Each job must be safe when several instances run it
 * at once (they share the database, not memory). Which jobs exist: app/jobs.server.ts.
 */
import { logger } from "~/infra/logger.server";

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Also run once right at start (work that may be overdue after a restart: scheduled posts). */
  atStart?: boolean;
  /** Run once more when the server stops (e.g. writing what is still buffered), before the database closes. */
  final?: () => Promise<unknown>;
}

/** Runs each job on its own timer (never two runs of one job at once); the returned function stops them. */
export function startJobs(jobs: readonly Job[]): () => Promise<void> {
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
    if (job.atStart) tick();
  }
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
    for (const job of jobs) {
      await job.final?.().catch((error) => logger.error({ err: error, job: job.name }, "falha em tarefa periódica"));
    }
  };
}
