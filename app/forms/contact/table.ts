/**
 * The contact form's answers (docs/decisions/0135): the message, beside its lead's common columns.
 * Found by its folder (drizzle.config.ts,
 * app/forms/tables.server.ts); relative imports for drizzle-kit.
 */
import { integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { leads } from "../../db/schema";

export const contactAnswers = pgTable("contact_answers", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  message: text("message").notNull(),
});

/** The numbers of the contact leads (leads.number, docs/decisions/0140): SPEC §7's ids. */
export const contactNumbers = pgSequence("contact_numbers");
