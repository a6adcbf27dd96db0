/**
 * Proof of work without a third party (docs/decisions/0090): the lead forms' islands ask for a
 * challenge signed by this server (GET /api/challenge), solve it in a worker with ALTCHA's open
 * source library, and send the solution with the submit (the `altcha` field). The server checks
 * it with the same library (signature, expiry, the derived key's signature) and spends it once
 * (spam_challenges), so a solution is good for one submission across every instance.
 *
 * The work: PBKDF2-SHA-256 with 1,000 iterations per attempt, the answer a random counter between
 * 500 and 1,500 (ALTCHA v2 "deterministic" mode): about 1,000 attempts, ~0.3–0.5 s of one core
 * of a desktop, 1–2 s of a phone's core, split over up to 4 workers.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { db, type Executor } from "~/db/client.server";
import { spamKey } from "./keys.server";

export const PROOF_OF_WORK = {
  algorithm: "PBKDF2/SHA-256",
  /** PBKDF2 iterations per attempt. */
  cost: 1_000,
  /** The answer is a counter drawn between these: the number of attempts a solver makes. */
  counterMin: 500,
  counterMax: 1_500,
  /** A challenge is good this long after it was issued (a long questionnaire included). */
  ttlSeconds: 60 * 60,
} as const;

/** Longest payload read (a real one is ~700 characters). */
const MAX_PAYLOAD_LENGTH = 4_000;

/**
 * A signed challenge whose answer is `counter`: by default a random one of PROOF_OF_WORK's range,
 * which is what GET /api/challenge hands every visitor. (The integration tests ask the app in
 * their process for small answers, docs/decisions/0137.)
 */
export async function newChallenge(counter = randomInt(PROOF_OF_WORK.counterMax, PROOF_OF_WORK.counterMin)): Promise<Challenge> {
  return createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + PROOF_OF_WORK.ttlSeconds,
    hmacSignatureSecret: await spamKey("altcha-challenge"),
    hmacKeySignatureSecret: await spamKey("altcha-key"),
  });
}

export type ProofCheck = { ok: true; id: string; expiresAt: Date } | { ok: false; reason: "pow-missing" | "pow-invalid" | "pow-expired" };

/** The payload as the browser sends it: base64 of `{ challenge, solution }` (or that JSON itself). */
function parsePayload(value: unknown): Payload | null {
  if (typeof value !== "string" || !value || value.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const text = value.trimStart().startsWith("{") ? value : Buffer.from(value, "base64").toString("utf8");
    const parsed = JSON.parse(text) as Payload;
    return parsed && typeof parsed === "object" && parsed.challenge?.parameters && parsed.solution ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Whether `value` is a valid solution of a challenge this server signed and that has not expired.
 * It is not spent here: `admitOrQuarantine` (./quarantine.server.ts) does that in the transaction
 * that stores the submission.
 */
export async function checkProof(value: unknown, executor: Executor = db()): Promise<ProofCheck> {
  if (value === undefined || value === null || value === "") return { ok: false, reason: "pow-missing" };
  const payload = parsePayload(value);
  if (!payload || payload.challenge.parameters.algorithm !== PROOF_OF_WORK.algorithm) return { ok: false, reason: "pow-invalid" };
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await spamKey("altcha-challenge", executor),
      hmacKeySignatureSecret: await spamKey("altcha-key", executor),
    });
    if (result.expired) return { ok: false, reason: "pow-expired" };
    if (!result.verified) return { ok: false, reason: "pow-invalid" };
  } catch {
    return { ok: false, reason: "pow-invalid" };
  }
  const { nonce, expiresAt } = payload.challenge.parameters;
  return { ok: true, id: String(nonce), expiresAt: new Date(Number(expiresAt ?? 0) * 1000) };
}
