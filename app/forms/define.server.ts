/**
 * A lead form's server half (docs/decisions/0071): how an accepted submission is stored, and what
 * its JSON endpoint answers. The pipeline every submission goes through (honeypot, rate limit,
 * validation, one transaction, exactly once) is app/domain/lead-submissions.server.ts.
 */
import type { LeadFormHandler } from "~/domain/lead-submissions.server";
import { fail, ok } from "~/infra/http.server";
import type { DefinedLeadForm } from "./define";
import type { z } from "zod";

export interface LeadFormServer<S extends z.ZodType = z.ZodType, R = unknown> extends LeadFormHandler<S, R> {
  definition: DefinedLeadForm<S>;
  /** The JSON endpoint's answer to an accepted submission (SPEC §7's shapes differ per form). */
  answer: (result: R) => Response;
  /** Its answer to a refused one. */
  failure: (status: number, message: string, errors?: Record<string, string>) => Response;
}

/** The schema a definition loads. */
type SchemaOf<D extends DefinedLeadForm> = Awaited<ReturnType<D["schema"]>>;

/** Default answers: DESIGN.md's `{ success: true, data: { id } }` (201) and `{ success: false, message, errors? }`. */
export function defineLeadStore<D extends DefinedLeadForm, R>(
  definition: D,
  server: Pick<LeadFormHandler<SchemaOf<D>, R>, "store" | "nativeCheck"> &
    Partial<Pick<LeadFormServer<SchemaOf<D>, R>, "answer" | "failure">>,
): LeadFormServer<SchemaOf<D>, R> {
  return {
    definition: definition as unknown as DefinedLeadForm<SchemaOf<D>>,
    form: definition.name,
    schema: definition.schema as () => Promise<SchemaOf<D>>,
    answer: (result) => ok({ id: (result as { id?: number } | null)?.id }, { status: 201 }),
    failure: fail,
    ...server,
  };
}
