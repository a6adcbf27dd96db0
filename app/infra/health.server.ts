/** `/healthz`, for load balancers and uptime checks: the database answers, and the process is not draining. */
import { pingDatabase } from "~/db/client.server";
import { logger } from "~/infra/logger.server";

export async function healthStatus(draining: boolean): Promise<{ status: number; body: Record<string, string> }> {
  if (draining) return { status: 503, body: { status: "draining", message: "Servidor encerrando" } };
  const up = await pingDatabase().then(
    () => true,
    (error: unknown) => (databaseDown(error), false),
  );
  if (!up) return { status: 503, body: { status: "error", message: "Banco de dados indisponível" } };
  databaseUp();
  return { status: 200, body: { status: "ok" } };
}

/** The database's state as /healthz sees it, logged when it changes, not on every probe. */
let databaseIsDown = false;
function databaseDown(error: unknown) {
  if (databaseIsDown) return;
  databaseIsDown = true;
  logger.error({ err: error }, "banco de dados indisponível");
}
function databaseUp() {
  if (!databaseIsDown) return;
  databaseIsDown = false;
  logger.info("banco de dados disponível de novo");
}
