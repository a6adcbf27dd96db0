/** `n` items of `T`, as a tuple type. */
type Tuple<T, N extends number, R extends T[] = []> = R["length"] extends N ? R : Tuple<T, N, [...R, T]>;

/**
 * The first `n` items of a list as a tuple, for a test that inserted or expects at least that many
 * (`const [old, recent] = await db.insert(t).values([a, b]).returning().then(atLeast(2))`).
 * Throws, saying how many there were, when there are fewer. One item: `first` (~/lib/first).
 */
export function atLeast<N extends number>(n: N) {
  return <T>(items: readonly T[]): Tuple<T, N> => {
    if (items.length < n) throw new Error(`Esperava ao menos ${n} itens, vieram ${items.length}.`);
    return items.slice(0, n) as Tuple<T, N>;
  };
}
