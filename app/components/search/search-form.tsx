/**
 * The site search field (docs/decisions/0070), on the dark hero bands of the blog and of /busca.
 * A plain GET form to /busca, with or without JavaScript (public pages are documents;
 * docs/decisions/0058); the early script says it is searching while the results page loads.
 */
import { Search } from "~/components/ui/icons";
import { searchText } from "~/lib/messages/search";
import { SEARCH_MAX_LENGTH, SEARCH_PARAM, SEARCH_PATH } from "~/lib/search";
import { cn } from "~/lib/utils";

export function SearchForm({
  id,
  label,
  defaultValue,
  error,
  className,
}: {
  /** Of the field: a page may have two forms (the label points at its own). */
  id: string;
  label: string;
  defaultValue?: string;
  /** Why the last query was refused, shown under the field. */
  error?: string | null;
  className?: string;
}) {
  return (
    <form method="get" action={SEARCH_PATH} role="search" data-busy-label={searchText.searching} className={cn("w-full", className)}>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-white/85">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <input
            id={id}
            type="search"
            name={SEARCH_PARAM}
            defaultValue={defaultValue}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={searchText.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
            className="h-12 w-full min-w-0 rounded-lg border border-white/20 bg-white pl-10 pr-3 text-base text-foreground shadow-soft placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan"
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-12 shrink-0 cursor-pointer items-center justify-center rounded-lg bg-electric px-5 font-semibold text-white shadow-soft transition-colors hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan aria-disabled:pointer-events-none aria-disabled:opacity-80"
        >
          {searchText.submit}
        </button>
      </div>
      {error && (
        <p id={`${id}-erro`} role="alert" className="mt-3 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
