/**
 * Idempotent seed, run at every start under the migration lock:
 * - the admin user always matches ADMIN_USERNAME/ADMIN_PASSWORD; without ADMIN_PASSWORD the demo
 *   password only creates the admin in an empty database, and never replaces a password;
 * - the blog gets its categories and posts only while it is empty;
 * - the site search gets this build's copy of the public pages (docs/decisions/0070).
 */
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { env } from "~/config.server";
import { syncSearchPages } from "~/domain/search/pages.server";
import { resetTwoFactor } from "~/domain/two-factor.server";
import { logger } from "~/infra/logger.server";
import { hashPassword, needsRehash, verifyPassword } from "~/infra/passwords.server";
import { first } from "~/lib/first";
import { blogCategories, blogPostRevisions, blogPosts, sessions, users } from "./schema";
import { seedCategories, seedPosts } from "./seed-content";
import type { Database } from "./client.server";

/** Shown on /login only while ADMIN_PASSWORD is not configured (SPEC §6 hint). */
export const DEMO_ADMIN_PASSWORD = "admin123";
/**
 * Its hash, made once with today's parameters (PASSWORD_PARAMS) and kept: the password is public
 * (the login page shows it), so a fixed salt gives nothing away, and a demo start creates or
 * recognises it without a scrypt (0.4 s of CPU, once per start of every test's app).
 * tests/unit/passwords.test.ts checks that it verifies and needs no rehash (docs/decisions/0138).
 */
export const DEMO_ADMIN_HASH =
  "scrypt$131072$8$1$8BJF8bIfV7Z8SNLQiMKUxQ==$UFUlA9f9pukWzaJE67ho5O0sfApZCrc+C57penjghP6f7rdsej8Rbl0tjsTobT6vjZFinn/PR452EDhIjBYQ3w==";

/** Whether the admin's password is the demo one (set by the seed at start). */
let demoPasswordActive = false;

/**
 * SPEC §6's hint is for the demo credentials: with a real ADMIN_PASSWORD the login page names
 * no user (null), so the page gives nobody half of the credentials.
 */
export function adminCredentialsHint(): { username: string; password: string } | null {
  return demoPasswordActive ? { username: env.ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD } : null;
}

export async function seed(database: Database): Promise<void> {
  await seedAdmin(database);
  await seedBlog(database);
  await syncSearchPages(database);
}

/** Role of an admin row the environment no longer names: kept for the audit trail, cannot log in. */
export const DISABLED_ROLE = "disabled";

async function seedAdmin(database: Database): Promise<void> {
  demoPasswordActive = false;
  // One admin account, the one the environment names: a renamed admin's old row stops working.
  const former = await database
    .update(users)
    .set({ role: DISABLED_ROLE })
    .where(and(eq(users.role, "admin"), ne(users.username, env.ADMIN_USERNAME)))
    .returning({ id: users.id });
  if (former.length)
    await database.delete(sessions).where(
      inArray(
        sessions.userId,
        former.map((u) => u.id),
      ),
    );

  const [existing] = await database.select().from(users).where(eq(users.username, env.ADMIN_USERNAME));
  if (!existing) {
    await database
      .insert(users)
      .values({
        username: env.ADMIN_USERNAME,
        password: env.ADMIN_PASSWORD ? await hashPassword(env.ADMIN_PASSWORD) : DEMO_ADMIN_HASH,
        role: "admin",
      })
      .onConflictDoNothing();
    demoPasswordActive = !env.ADMIN_PASSWORD;
    if (demoPasswordActive)
      logger.warn({ username: env.ADMIN_USERNAME }, "ADMIN_PASSWORD não definida: admin criado com a senha de demonstração");
    return;
  }
  if (!env.ADMIN_PASSWORD) {
    // An omission never changes a password: an instance started without the variable keeps the
    // one a previous start (or the admin) set.
    demoPasswordActive =
      existing.role === "admin" &&
      (existing.password === DEMO_ADMIN_HASH || (await verifyPassword(DEMO_ADMIN_PASSWORD, existing.password)));
    if (existing.role !== "admin") await database.update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
    logger.warn(
      { username: env.ADMIN_USERNAME },
      demoPasswordActive
        ? "ADMIN_PASSWORD não definida: a senha de demonstração está em uso"
        : "ADMIN_PASSWORD não definida: a senha atual do admin foi mantida",
    );
    await resetTwoFactorIfAsked(database, existing.id);
    return;
  }
  // The environment is the source of truth: a changed ADMIN_PASSWORD takes effect on restart,
  // and ends every session opened with the old one.
  const password = env.ADMIN_PASSWORD;
  if (existing.role !== "admin" || !(await verifyPassword(password, existing.password))) {
    await database
      .update(users)
      .set({ password: await hashPassword(password), role: "admin" })
      .where(eq(users.id, existing.id));
    await database.delete(sessions).where(eq(sessions.userId, existing.id));
  } else if (needsRehash(existing.password)) {
    // Same password, stored with weaker scrypt parameters: upgrade it; sessions stay.
    await database
      .update(users)
      .set({ password: await hashPassword(password) })
      .where(eq(users.id, existing.id));
  }
  await resetTwoFactorIfAsked(database, existing.id);
}

/** The operator's way back in when the phone and the recovery codes are both lost. */
async function resetTwoFactorIfAsked(database: Database, userId: number): Promise<void> {
  if (env.ADMIN_RESET_2FA === "1" && (await resetTwoFactor(userId, { actor: "sistema", reason: "ADMIN_RESET_2FA=1" }, database))) {
    await database.delete(sessions).where(eq(sessions.userId, userId));
    logger.warn(
      "ADMIN_RESET_2FA=1: a verificação em duas etapas do admin foi removida; retire a variável e ative-a de novo em /admin/seguranca",
    );
  }
}

async function seedBlog(database: Database): Promise<void> {
  const { value: categoryCount } = await database.select({ value: count() }).from(blogCategories).then(first);
  const { value: postCount } = await database.select({ value: count() }).from(blogPosts).then(first);
  if (categoryCount > 0 || postCount > 0) return;

  const inserted = await database.insert(blogCategories).values(seedCategories).returning();
  const categoryId = new Map(inserted.map((c) => [c.slug, c.id]));
  const day = 24 * 60 * 60 * 1000;
  const posts = await database
    .insert(blogPosts)
    .values(
      seedPosts.map((post) => {
        const publishedAt = post.publishedDaysAgo === null ? null : new Date(Date.now() - post.publishedDaysAgo * day);
        const createdAt = new Date((publishedAt ?? new Date()).getTime() - day);
        return {
          title: post.title,
          slug: post.slug,
          categoryId: categoryId.get(post.categorySlug) ?? null,
          summary: post.summary,
          content: post.content,
          imageUrl: post.imageUrl,
          published: post.published,
          publishedAt,
          // No preview link until the admin makes one (docs/decisions/0109).
          createdAt,
          updatedAt: publishedAt ?? createdAt,
        };
      }),
    )
    .returning();
  // Each post's history starts with its first text (docs/decisions/0061).
  await database.insert(blogPostRevisions).values(
    posts.map((post) => ({
      postId: post.id,
      kind: "create",
      title: post.title,
      slug: post.slug,
      categoryId: post.categoryId,
      summary: post.summary,
      content: post.content,
      imageUrl: post.imageUrl,
      author: "sistema",
      createdAt: post.updatedAt,
    })),
  );
}
