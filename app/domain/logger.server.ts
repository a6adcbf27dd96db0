import { pino } from "pino";
import { env } from "~/config.server";

/** Structured JSON logs (one line per event) for every server-side part. */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
