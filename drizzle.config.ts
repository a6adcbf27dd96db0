import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The shared schema, and each form's answers table in its folder (docs/decisions/0141): a new
  // form's table is found by its folder, like the form itself.
  schema: ["./app/db/schema.ts", "./app/forms/*/table.ts"],
  out: "./app/db/migrations",
});
