/** Each form's answers table (app/forms/{form}/table.ts), for app/db/schema.ts and drizzle-kit. */
export * from "./careers/table";
export * from "./consultation/table";
export * from "./contact/table";
export * from "./questionnaire/table";
