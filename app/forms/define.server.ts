/**
 * A lead form's server half (docs/decisions/0071): how an accepted submission is stored, and what
 * its JSON endpoint answers. The pipeline every submission goes through (honeypot, rate limit,
 * validation, one transaction, exactly once) is app/domain/lead-submissions.server.ts.
 */
import type { LeadFormHandler } from "~/domain/lead-submissions.server";
import { fail, ok } from "~/infra/http.server";
import type { DefinedLeadForm } from "./define";
import type { PgSequence } from "drizzle-orm/pg-core";
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

/**
 * Default answers: the JSON contract's (app/infra/http.server.ts) `{ success: true, data: { id } }` (201) and `{ success: false, message, errors? }`.
 * `schema`, when given, replaces the definition's on the server: the shared one extended with
 * checks only the server can make (a file's content, docs/decisions/0093).
 */
export function defineLeadStore<D extends DefinedLeadForm, R, S extends z.ZodType = SchemaOf<D>>(
  definition: D,
  server: Pick<LeadFormHandler<S, R>, "store" | "nativeCheck"> &
    Partial<Pick<LeadFormServer<S, R>, "answer" | "failure" | "schema">> & {
      /**
       * The sequence its leads' numbers come from (leads.number, docs/decisions/0140), or the name
       * of one: a suspected submission's answer takes its next number (docs/decisions/0106).
       */
      numbers?: PgSequence | string;
    },
): LeadFormServer<S, R> {
  const { numbers, ...rest } = server;
  return {
    definition: definition as unknown as DefinedLeadForm<S>,
    form: definition.name,
    fileField: definition.file?.field,
    numbers: typeof numbers === "string" ? numbers : numbers?.seqName,
    schema: definition.schema as unknown as () => Promise<S>,
    answer: (result) => ok({ id: (result as { id?: number } | null)?.id }, { status: 201 }),
    failure: fail,
    ...rest,
  };
}
