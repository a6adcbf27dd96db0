/**
 * Zod issues → `{ field: first message }` (nested paths joined with dots). One home for the
 * browser forms and the server's 400 answers, so both show the same messages the same way.
 * Takes the issues, not a ZodError, so it costs no zod import.
 */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    errors[key] ??= issue.message;
  }
  return errors;
}
