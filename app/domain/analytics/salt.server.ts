/**
 * The daily salt of the visitor hash: random per Brasília day, shared by every instance through
 * the database, deleted when the next day is over (decision 0040).
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { analyticsSalts } from "~/db/schema";
import { DAY_MS, dayOf } from "./days.server";

const salts = new Map<string, string>();

/** The day's salt, created by whichever instance needs it first (every instance must hash alike). */
export async function saltFor(day: string, create = true): Promise<string | undefined> {
  const known = salts.get(day);
  if (known) return known;
  if (create) {
    await db()
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
  }
  const [row] = await db().select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) return undefined;
  if (salts.size > 4) salts.clear();
  salts.set(day, row.salt);
  return row.salt;
}

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}|${ip}|${userAgent}`).digest("base64url").slice(0, 22);
}

/** Yesterday's salt stays for a day (a visit over midnight, attribution); older ones are deleted. */
export async function deleteOldSalts(now = Date.now()): Promise<void> {
  const yesterday = dayOf(now - DAY_MS);
  await db().delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
  for (const day of salts.keys()) if (day < yesterday) salts.delete(day);
}
