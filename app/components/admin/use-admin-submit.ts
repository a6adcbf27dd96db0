/**
 * Posting an admin form from a dialog or a single control (docs/decisions/0064): to a route's own
 * action, through a fetcher, so the router reloads the page's data after a successful write (no
 * hand-made request, no manual refresh). `then` receives the action's answer once, after that
 * reload, so the lists already show the change when a dialog closes.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { FormFields } from "~/lib/forms";

export function useAdminSubmit<Answer>(action: string, options: { key?: string } = {}) {
  const fetcher = useFetcher<Answer>({ key: options.key });
  const pending = useRef<((answer: Answer) => void) | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || !pending.current) return;
    const then = pending.current;
    pending.current = null;
    then(fetcher.data as Answer); // plain JSON: serialised as it was sent
  }, [fetcher.state, fetcher.data]);

  return {
    submit(fields: FormFields, then: (answer: Answer) => void) {
      pending.current = then;
      void fetcher.submit(fields, { method: "post", action });
    },
    /** Sending, or reloading the page's data after it. */
    busy: fetcher.state !== "idle",
    /** The fields being sent (for an optimistic control), while busy. */
    sending: fetcher.formData,
  };
}
