/** The newsletter (LGPD): double opt-in by a signed link, consent and its withdrawal recorded. */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { blogCategories, newsletterEditionRecipients, newsletterSubscribers } from "~/db/schema";
import { hashAccessToken, isAccessTokenShaped } from "~/domain/access-tokens.server";
import { sessionSecret } from "~/domain/auth/cookies.server";
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import type { NewsletterInput } from "~/forms/newsletter/schema";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { first } from "~/lib/first";
import { formPlaceLabel } from "~/lib/origin";
import { CONSENT_PURPOSES, PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import { adminLink, mailBody, oneLine, recordConsent } from "./capture.server";

/** Who clicked a link: recorded with the consent it gives or withdraws. */
type RequestMeta = Pick<SubmissionMeta, "ip" | "userAgent">;

/** "jo***@empresa.com.br": enough to recognise, not enough to leak an address from a link. */
export function maskEmail(email: string): string {
  const [user = "", domain] = email.split("@"); // split always gives the first part
  return `${user.slice(0, 2)}${"*".repeat(Math.max(1, Math.min(user.length - 2, 6)))}@${domain}`;
}

export function unsubscribeUrl(token: string): string {
  return `${env.SITE_URL}/descadastrar?token=${encodeURIComponent(token)}`;
}

/** The page where a subscriber chooses topics (docs/decisions/0131), named by the same token as unsubscribing. */
export function topicsUrl(token: string): string {
  return `${env.SITE_URL}/newsletter/temas?token=${encodeURIComponent(token)}`;
}

/** A recipient's two links, from one token. */
export function subscriberLinks(token: string): { unsubscribe: string; topics: string } {
  return { unsubscribe: unsubscribeUrl(token), topics: topicsUrl(token) };
}

/** A confirmation link works this long after it was sent. */
const CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** At most one confirmation e-mail per address in this window, however often it is typed in. */
const CONFIRMATION_RESEND_SECONDS = 10 * 60;

async function confirmationKey(executor: Executor): Promise<Buffer> {
  return Buffer.from(hkdfSync("sha256", await sessionSecret(executor), "", "newsletter-confirmation", 32));
}

/**
 * The link's token: subscriber id and issue time, signed together with the address (so a link
 * dies if the address is corrected or erased). No personal data in the URL.
 */
async function confirmationToken(id: number, email: string, issuedAt: number, executor: Executor): Promise<string> {
  const mac = createHmac("sha256", await confirmationKey(executor))
    .update(`${id}.${issuedAt}.${email}`)
    .digest("base64url");
  return `${id}.${issuedAt}.${mac}`;
}

async function confirmationUrl(id: number, email: string, executor: Executor): Promise<string> {
  const token = await confirmationToken(id, email, Math.floor(Date.now() / 1000), executor);
  return `${env.SITE_URL}/newsletter/confirmar?token=${encodeURIComponent(token)}`;
}

/** The subscriber a confirmation token names, if its signature and age are right. */
async function subscriberForToken(token: string, executor: Executor = db()) {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, issuedAt] = match;
  if (Date.now() / 1000 - Number(issuedAt) > CONFIRMATION_TTL_SECONDS) return null;
  const [row] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, Number(id)));
  if (!row) return null;
  const expected = Buffer.from(await confirmationToken(row.id, row.email, Number(issuedAt), executor));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

/**
 * A subscription request. Whatever the address's state (new, waiting, subscribed or unsubscribed)
 * the caller answers the same, so the form tells no one who is subscribed. Nothing is counted
 * yet: a confirmation e-mail with a signed link is queued (unless one went out a few minutes ago,
 * or the address is already subscribed), and only the click records consent
 * (`confirmNewsletter`). An unsubscribed address stays unsubscribed until that click.
 */
export async function subscribeNewsletter(input: NewsletterInput, meta: SubmissionMeta, tx: Transaction): Promise<Record<string, never>> {
  const email = input.email.toLowerCase();
  const source = input.source || "rodape";
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values({
      email,
      source,
      status: "pending",
      unsubscribeToken: randomBytes(24).toString("base64url"),
      ...meta.attribution,
      verified: meta.verified,
    })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  const row = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update").then(first);
  if (!inserted && row.status === "active") return {};
  // A sign-up that proved nothing mails no one: it waits until the address signs up from the
  // site's own form, or stays pending (docs/decisions/0106).
  if (!meta.verified) return {};
  if (!row.verified) await tx.update(newsletterSubscribers).set({ verified: true }).where(eq(newsletterSubscribers.id, row.id));
  const recent = row.confirmationSentAt && Date.now() - row.confirmationSentAt.getTime() < CONFIRMATION_RESEND_SECONDS * 1000;
  if (recent) return {};
  await tx
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: sql`now()`, ...(row.status === "pending" ? { source } : {}), updatedAt: sql`now()` })
    .where(eq(newsletterSubscribers.id, row.id));
  await enqueueEmail(tx, {
    kind: "newsletter.confirmation",
    recipient: email,
    subject: "Confirme sua inscrição na newsletter da Agile IA",
    body: [
      "Olá!",
      "",
      "Recebemos um pedido para inscrever este e-mail na newsletter da Agile IA, com novidades sobre IA e atualizações da empresa.",
      "",
      `Para confirmar, abra o link abaixo e clique em “Confirmar inscrição” (vale por 7 dias):`,
      await confirmationUrl(row.id, email, tx),
      "",
      "Se não foi você, ignore este e-mail: sem a confirmação, não enviaremos nada.",
      "",
      `Política de privacidade: ${env.SITE_URL}/privacidade (versão ${PRIVACY_POLICY_VERSION}).`,
    ].join("\n"),
  });
  return {};
}

export type NewsletterConfirmation = { email: string; unsubscribeToken: string; alreadyConfirmed: boolean };

/** The address a confirmation link is for (shown masked before the click), or null. */
export async function findSubscriberByConfirmationToken(token: string) {
  if (!token || token.length > 120) return null;
  return subscriberForToken(token);
}

/**
 * The click on the confirmation link: the consent (with this request's address and browser) is
 * recorded and the address becomes a subscriber, counted and notified to the team.
 */
export async function confirmNewsletter(token: string, meta: RequestMeta): Promise<NewsletterConfirmation | null> {
  if (!token || token.length > 120) return null;
  return db().transaction(async (tx) => {
    const found = await subscriberForToken(token, tx);
    if (!found) return null;
    const row = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, found.id)).for("update").then(first);
    if (row.status === "active") return { email: row.email, unsubscribeToken: row.unsubscribeToken, alreadyConfirmed: true };
    await tx
      .update(newsletterSubscribers)
      .set({
        status: "active",
        consentedAt: sql`now()`,
        unsubscribedAt: null,
        policyVersion: PRIVACY_POLICY_VERSION,
        updatedAt: sql`now()`,
      })
      .where(eq(newsletterSubscribers.id, row.id));
    const source = row.source || "rodape";
    await recordConsent(tx, { email: row.email, purpose: CONSENT_PURPOSES.newsletter, source: `newsletter:${source}` }, meta);
    await enqueueEmail(tx, {
      kind: "lead.newsletter",
      subject: oneLine(`Nova inscrição na newsletter: ${row.email}`),
      body: mailBody(
        "Uma inscrição na newsletter foi confirmada pelo link enviado por e-mail.",
        [
          ["E-mail", row.email],
          ["Enviado por", formPlaceLabel(source)],
        ],
        adminLink(`/admin/leads/newsletter/${row.id}`),
        row,
      ),
    });
    return { email: row.email, unsubscribeToken: row.unsubscribeToken, alreadyConfirmed: false };
  });
}

/**
 * The unsubscribe link a newsletter edition carries (docs/decisions/0128): one per recipient of
 * an edition, so the database keeps only its SHA-256 (`newsletter_edition_recipients.
 * unsubscribe_token_hash`, looked up by hash as every secret link is, docs/decisions/0109). The
 * token is an HMAC of the edition and the subscriber under a key derived from the session
 * secret: every attempt of the same message carries the same link (as it carries the same
 * Message-ID), so a copy delivered before a crash still unsubscribes, and nothing in the
 * database gives a reader a working link.
 */
export async function editionUnsubscribeToken(
  editionId: number,
  subscriberId: number,
  executor: Executor = db(),
): Promise<{ token: string; hash: string }> {
  const key = hkdfSync("sha256", await sessionSecret(executor), "", "newsletter-edition-unsubscribe", 32);
  const token = createHmac("sha256", Buffer.from(key)).update(`${editionId}.${subscriberId}`).digest("base64url");
  return { token, hash: hashAccessToken(token) };
}

/**
 * The subscriber an unsubscribe token names: the subscriber's own token (the links of the
 * confirmation pages and older e-mails) or an edition's, by its hash.
 */
async function subscriberIdForToken(token: string, executor: Executor): Promise<number | null> {
  if (!token || token.length > 100 || !isAccessTokenShaped(token)) return null;
  const [own] = await executor
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (own) return own.id;
  const [edition] = await executor
    .select({ id: newsletterEditionRecipients.subscriberId })
    .from(newsletterEditionRecipients)
    .where(eq(newsletterEditionRecipients.unsubscribeTokenHash, hashAccessToken(token)));
  return edition?.id ?? null;
}

export async function findSubscriberByToken(token: string) {
  const id = await subscriberIdForToken(token, db());
  if (id === null) return null;
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  return row ?? null;
}

/**
 * Withdraws consent (LGPD Art. 8 §5): marks the subscriber and records the withdrawal. From then
 * on no edition is sent to the address: a recipient row still waiting is skipped when its turn
 * comes (app/domain/newsletter/delivery.server.ts). `source` says how: the page's button or a
 * mail client's one-click request (RFC 8058).
 */
export async function unsubscribeNewsletter(
  token: string,
  meta: RequestMeta,
  source: "descadastro" | "descadastro-um-clique" = "descadastro",
): Promise<{ email: string } | null> {
  return db().transaction(async (tx) => {
    const id = await subscriberIdForToken(token, tx);
    if (id === null) return null;
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for("update");
    if (!row) return null;
    if (row.status !== "unsubscribed") {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.id, row.id));
      await recordConsent(tx, { email: row.email, purpose: CONSENT_PURPOSES.newsletter, source, action: "withdrawn" }, meta);
    }
    return { email: row.email };
  });
}

// ---------------------------------------------------------------- topics (docs/decisions/0131)
export interface TopicChoice {
  /** The address, masked. */
  email: string;
  /** Only a confirmed subscriber chooses topics. */
  active: boolean;
  /** The blog's categories, with whether the subscriber chose each. */
  topics: Array<{ id: number; name: string; chosen: boolean }>;
}

/** The blog's categories, each with whether this subscriber chose it. */
async function topicChoice(row: { email: string; status: string; topics: number[] | null }, executor: Executor): Promise<TopicChoice> {
  const categories = await executor
    .select({ id: blogCategories.id, name: blogCategories.name })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name));
  const chosen = new Set(row.topics ?? []);
  return {
    email: maskEmail(row.email),
    active: row.status === "active",
    topics: categories.map((c) => ({ ...c, chosen: chosen.has(c.id) })),
  };
}

/** What the topics page shows for a subscriber's link (either kind of unsubscribe token), or null. */
export async function findTopicChoice(token: string): Promise<(TopicChoice & { token: string }) | null> {
  const row = await findSubscriberByToken(token);
  return row ? { ...(await topicChoice(row, db())), token } : null;
}

/**
 * The topics a confirmed subscriber chose (category ids; unknown ones are dropped): what the
 * interest segments of the newsletter read. Null when the link names no confirmed subscriber.
 */
export async function saveNewsletterTopics(token: string, categoryIds: number[]): Promise<TopicChoice | null> {
  return db().transaction(async (tx) => {
    const id = await subscriberIdForToken(token, tx);
    if (id === null) return null;
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for("update");
    if (!row || row.status !== "active") return null;
    const wanted = [...new Set(categoryIds.filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 200);
    const known = wanted.length
      ? await tx.select({ id: blogCategories.id }).from(blogCategories).where(inArray(blogCategories.id, wanted))
      : [];
    const topics = known.map((c) => c.id).sort((a, b) => a - b);
    await tx
      .update(newsletterSubscribers)
      .set({ topics, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, row.id));
    return topicChoice({ ...row, topics }, tx);
  });
}
