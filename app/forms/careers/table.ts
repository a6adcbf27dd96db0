/**
 * An application's answers (docs/decisions/0135); its CV is a lead file (app/db/schema.ts
 * leadFiles, ./cv.server.ts). Found by its folder (drizzle.config.ts,
 * app/forms/tables.server.ts); relative imports for drizzle-kit.
 */
import { integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { leads } from "../../db/schema";

export const applicationAnswers = pgTable("application_answers", {
  leadId: integer("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  position: text("position").notNull(),
  experience: text("experience").notNull(),
  motivation: text("motivation").notNull(),
  linkedinUrl: text("linkedin_url"),
  portfolioUrl: text("portfolio_url"),
});

/** The numbers of the applications (leads.number, docs/decisions/0140): SPEC §7's ids. */
export const applicationNumbers = pgSequence("application_numbers");
