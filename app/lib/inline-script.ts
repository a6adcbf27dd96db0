/**
 * The text of inline scripts, from functions written and type-checked as code: a function's
 * source, as the bundle holds it, called with arguments as JSON. Such a function may use only its
 * arguments and the browser's globals.
 *
 * Copied once into a string of one-byte characters (decision 0097). `Function.prototype.toString`
 * returns a slice of the bundle's source, and V8 keeps a source that has any character beyond
 * Latin-1 (the bundles have "—" and "“") in two bytes per character, so the slice is two-byte too.
 * One such piece in a page made React's whole HTML two-byte: 230 kB to flatten and transcode on
 * every render instead of 115 kB. A JSON round trip gives back the same characters, one byte each.
 */
const oneByte = (text: string) => JSON.parse(JSON.stringify(text)) as string;

/** `fn` called with `args`. */
export function inlineScript<A extends unknown[]>(fn: (...args: A) => void, ...args: A): string {
  return oneByte(`(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(",")})`);
}

/**
 * Each of `jobs`, in order, called with one context: the one `setup` makes of `config`. The jobs
 * keep their names in the text, so the script reads as the list of what it does.
 */
export function inlineJobs<Config, Context>(
  setup: (config: Config) => Context,
  jobs: ReadonlyArray<(context: Context) => void>,
  config: Config,
): string {
  const calls = jobs.map((job) => `(${job.toString()})(c);`).join("");
  return oneByte(`(c=>{${calls}})((${setup.toString()})(${JSON.stringify(config)}))`);
}
