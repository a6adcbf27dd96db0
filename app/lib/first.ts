/**
 * The first item of a list that is known to hold one: the row of an INSERT … RETURNING or of a
 * count, a row the caller just read by its key. Throws, naming `what`, when the list is empty.
 */
export function first<T>(items: readonly T[], what = "a lista"): T {
  const item = items[0];
  if (item === undefined) throw new Error(`Nenhum item em ${what}, onde ao menos um era esperado.`);
  return item;
}
