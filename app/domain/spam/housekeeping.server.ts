/**
 * Rows the spam checks need only for a while (docs/decisions/0090, 0091): a spent challenge until
 * it expires (a replay after that fails on the expiry), an auto-reply mark until its hour is over.
 */
import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { autoReplies, spamChallenges } from "~/db/schema";
import { AUTO_REPLY_WINDOW_SECONDS } from "~/domain/leads/auto-reply.server";

export async function pruneSpamChecks(): Promise<void> {
  await db()
    .delete(spamChallenges)
    .where(lt(spamChallenges.expiresAt, sql`now()`));
  await db()
    .delete(autoReplies)
    .where(lt(autoReplies.sentAt, sql`now() - make_interval(secs => ${AUTO_REPLY_WINDOW_SECONDS})`));
}
