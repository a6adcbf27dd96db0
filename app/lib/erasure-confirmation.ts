/** Erasure asks the admin to type the address again: true when it names the same one (case and spaces aside). */
export function confirmationMatches(email: string, confirmation: string): boolean {
  const normalize = (value: string) => value.trim().toLowerCase();
  return normalize(email) !== "" && normalize(email) === normalize(confirmation);
}
