// negotiator 1.x: only the part we call. DefinitelyTyped's @types/negotiator stops at 0.6,
// which lacks the `preferred` option (the server's order for ties).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
