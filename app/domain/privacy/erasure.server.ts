/**
 * Erasure of a data subject (LGPD art. 18, VI) in one transaction.
 *
 * What erasure keeps, and why:
 * - orders and subscriptions keep item, amount, dates and status (tax law, LGPD art. 16, I);
 *   the customer's name and e-mail become ANONYMISED_MARKER;
 * - posts of the blog that quote the address keep their text with the address replaced by
 *   ANONYMISED_MARKER; the revisions holding it are deleted (docs/decisions/0061);
 * - consent records stay as proof of consent and of its withdrawal (art. 8 §2, art. 16, I): the
 *   e-mail becomes a salted HMAC-SHA256 ("hash:…"). The salt lives only in app_settings, so the
 *   hash cannot be reversed by guessing e-mails without database access, but the same person's
 *   e-mail still finds its proof if a dispute arises.
 */
import { inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  bookings,
  businessOptimizations,
  careerApplicationCvs,
  careerApplications,
  chatMessages,
  chatSessions,
  consentRecords,
  consultations,
  contacts,
  leadNotes,
  leadPipeline,
  newsletterEditionRecipients,
  newsletterSubscribers,
  orders,
  outbox,
  rateLimits,
  spamSubmissions,
  subscriptions,
} from "~/db/schema";
import { ANONYMISED_MARKER } from "~/lib/privacy";
import { recordAudit } from "../audit.server";
import { eraseBlogMentions } from "./blog-mentions.server";
import { type Actor, collect, hashEmail, mentionsAddress, normalizeEmail, subjectRef } from "./subject.server";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

export interface ErasureReport {
  deleted: Record<string, number>;
  anonymised: { orders: number; subscriptions: number; blogPosts: number };
  pseudonymised: { consentRecords: number };
  total: number;
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/** Erases or anonymises everything found for one e-mail, all or nothing. */
export async function eraseSubject(email: string, actor: Actor): Promise<ErasureReport> {
  const normalized = normalizeEmail(email);
  const hashed = await hashEmail(normalized);
  const target = await subjectRef(normalized);
  return db().transaction(async (tx) => {
    const found = await collect(tx, normalized, hashed);
    const del = async (table: PgTable & { id: AnyPgColumn }, rows: Array<{ id: number }>) => {
      if (!rows.length) return 0;
      const gone = await tx
        .delete(table)
        .where(inArray(table.id, ids(rows)))
        .returning({ id: table.id });
      return gone.length;
    };
    const sessionIds = ids(found.chatSessions);
    const deletedMessages = sessionIds.length
      ? (await tx.delete(chatMessages).where(inArray(chatMessages.chatSessionId, sessionIds)).returning({ id: chatMessages.id })).length
      : 0;
    const deleted: Record<string, number> = {
      // Would go with their leads (ON DELETE CASCADE); deleted first so the report counts them.
      leadNotes: await del(leadNotes, found.leadNotes),
      leadPipeline: await del(leadPipeline, found.leadPipeline),
      contacts: await del(contacts, found.contacts),
      consultations: await del(consultations, found.consultations),
      businessOptimizations: await del(businessOptimizations, found.businessOptimizations),
      // Would go with their applications (ON DELETE CASCADE); deleted first so the report counts them.
      careerApplicationCvs: await del(careerApplicationCvs, found.careerApplicationCvs),
      careerApplications: await del(careerApplications, found.careerApplications),
      // Would go with their subscriber (ON DELETE CASCADE); deleted first so the report counts them.
      newsletterEditionRecipients: await del(newsletterEditionRecipients, found.newsletterEditionRecipients),
      newsletterSubscribers: await del(newsletterSubscribers, found.newsletterSubscribers),
      chatMessages: deletedMessages,
      chatSessions: await del(chatSessions, found.chatSessions),
      bookings: await del(bookings, found.bookings),
      outbox: await del(outbox, found.outbox),
      spamSubmissions: await del(spamSubmissions, found.spamSubmissions),
      // Throttling counters keyed by the address (e.g. per-e-mail form limits).
      rateLimits: (await tx.delete(rateLimits).where(mentionsAddress(rateLimits.key, normalized)).returning({ key: rateLimits.key }))
        .length,
    };

    // Posts keep their text with the address replaced; revisions holding it go (docs/decisions/0061).
    const blog = await eraseBlogMentions(tx, normalized, found);
    deleted.blogPostRevisions = blog.deletedRevisions;

    const toPseudonymise = found.consentRecords.filter((r) => r.email !== hashed);
    if (toPseudonymise.length) {
      await tx
        .update(consentRecords)
        .set({ email: hashed })
        .where(inArray(consentRecords.id, ids(toPseudonymise)));
    }
    if (found.orders.length) {
      await tx
        .update(orders)
        .set({
          customerEmail: ANONYMISED_MARKER,
          customerName: sql`case when ${orders.customerName} is null then null else ${ANONYMISED_MARKER} end`,
          updatedAt: new Date(),
        })
        .where(inArray(orders.id, ids(found.orders)));
    }
    if (found.subscriptions.length) {
      await tx
        .update(subscriptions)
        .set({ customerEmail: ANONYMISED_MARKER, updatedAt: new Date() })
        .where(inArray(subscriptions.id, ids(found.subscriptions)));
    }
    const report: ErasureReport = {
      deleted,
      anonymised: { orders: found.orders.length, subscriptions: found.subscriptions.length, blogPosts: blog.redactedPosts },
      pseudonymised: { consentRecords: toPseudonymise.length },
      total: 0,
    };
    report.total =
      Object.values(deleted).reduce((a, b) => a + b, 0) -
      deleted.rateLimits! +
      report.anonymised.orders +
      report.anonymised.subscriptions +
      report.anonymised.blogPosts +
      report.pseudonymised.consentRecords;
    await recordAudit({ actor: actor.username, action: "privacy.erase", target, details: { ...report }, ip: actor.ip }, tx);
    return report;
  });
}
