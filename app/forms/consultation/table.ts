/**
 * The consultation request's answers (docs/decisions/0135): the industry and the button that
 * opened the form. Its status is its lead's stage (docs/decisions/0088). Found by its folder (drizzle.config.ts,
 * app/forms/tables.server.ts); relative imports for drizzle-kit.
 */
import { integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { leads } from "../../db/schema";

export const consultationAnswers = pgTable("consultation_answers", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  industryArea: text("industry_area").notNull(),
  /** Which button opened the request form (the visitor's 'Botão usado', docs/decisions/0087). */
  source: text("source"),
});

/** The numbers of the consultation leads (leads.number, docs/decisions/0140): SPEC §7's ids. */
export const consultationNumbers = pgSequence("consultation_numbers");
