/**
 * The browser side of the lead forms' proof of work (docs/decisions/0090), loaded by a form's
 * island when it wakes (the form was started), never before: the page's first load carries none
 * of it. It asks this server for a signed challenge and solves it with ALTCHA's library in up to
 * four workers (on the page's thread if workers are unavailable), then writes the solution into
 * the form's hidden `altcha` field, so the JSON submit and a native post both carry it.
 *
 * A submit waits for the solution at most PROOF_WAIT_MS; a form that has none by then posts
 * natively, where the server judges it as a post made without JavaScript (never lost).
 */
import { solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from "altcha-lib";
import { callApi } from "~/lib/api-client";
import { PROOF_FIELD } from "~/lib/lead-fields";

export const PROOF_WAIT_MS = 8_000;
const CHALLENGE_PATH = "/api/challenge";
/** A solution this close to its challenge's expiry is solved again. */
const EXPIRY_MARGIN_MS = 60_000;

interface Proof {
  payload: string;
  expiresAt: number;
}

const solving = new WeakMap<HTMLFormElement, Promise<Proof | null>>();

const field = (form: HTMLFormElement) => form.elements.namedItem(PROOF_FIELD) as HTMLInputElement | null;

async function solve(challenge: Challenge): Promise<Solution | null> {
  try {
    return await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(navigator.hardwareConcurrency || 2, 4),
      createWorker: () => new Worker(new URL("./proof-of-work.worker.ts", import.meta.url), { type: "module" }),
      timeout: 60_000,
    });
  } catch {
    const { deriveKey } = await import("altcha-lib/algorithms/web/pbkdf2");
    return solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  }
}

async function solveOne(): Promise<Proof | null> {
  try {
    const answer = await callApi<Challenge>(CHALLENGE_PATH, { cache: "no-store" });
    const challenge = answer.data;
    if (!answer.ok || !challenge) return null;
    const solution = await solve(challenge);
    if (!solution) return null;
    return {
      payload: btoa(JSON.stringify({ challenge, solution })),
      expiresAt: Number(challenge.parameters.expiresAt ?? 0) * 1000,
    };
  } catch {
    return null; // no network, no Web Crypto: the form posts natively
  }
}

/** Starts solving for this form, once; the solution lands in its hidden field. */
export function prepareProof(form: HTMLFormElement): Promise<Proof | null> {
  let pending = solving.get(form);
  if (!pending) {
    pending = solveOne().then((proof) => {
      const input = field(form);
      if (proof && input) input.value = proof.payload;
      if (!proof) solving.delete(form); // the next submit tries again
      return proof;
    });
    solving.set(form, pending);
  }
  return pending;
}

/** The form's solution, waiting for it up to `waitMs`; null when there is none in time. */
export async function proofFor(form: HTMLFormElement, waitMs = PROOF_WAIT_MS): Promise<string | null> {
  const deadline = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  let proof = await Promise.race([prepareProof(form), deadline]);
  if (proof && proof.expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
    spendProof(form);
    proof = await Promise.race([prepareProof(form), deadline]);
  }
  return proof?.payload ?? null;
}

/** After a submission was accepted: its solution is spent, and the next one is prepared. */
export function spendProof(form: HTMLFormElement, prepareNext = false): void {
  solving.delete(form);
  const input = field(form);
  if (input) input.value = "";
  if (prepareNext) void prepareProof(form);
}

/** The native post of a form whose island could not get a proof in time. */
export function postNatively(form: HTMLFormElement): void {
  HTMLFormElement.prototype.submit.call(form);
}
