/**
 * A worker that solves part of a proof-of-work challenge (docs/decisions/0090): ALTCHA's own
 * worker loop with the browser's PBKDF2 (Web Crypto). Started by ./proof-of-work.ts.
 */
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { handler } from "altcha-lib/workers/shared";

handler({ deriveKey });
