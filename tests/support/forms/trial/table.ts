/**
 * The test form's answers, beside its lead's common columns (docs/decisions/0135). No migration
 * creates it: the test that registers the folder creates it from this declaration.
 */
import { integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { leads } from "~/db/schema";

export const trialAnswers = pgTable("trial_answers", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  wish: text("wish").notNull(),
});

export const trialNumbers = pgSequence("trial_numbers");
