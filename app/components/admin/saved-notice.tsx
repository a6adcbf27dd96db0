import { cn } from "~/lib/utils";
import type * as React from "react";

/**
 * The green "saved" line an admin form answers with (role=status, read out without moving focus);
 * `compact` inside a card, roomier at the top of a page.
 */
export function SavedNotice({ compact, className, ...props }: React.ComponentProps<"p"> & { compact?: boolean }) {
  return (
    <p
      role="status"
      className={cn(
        "rounded-lg border border-success/40 bg-success/10 text-sm font-medium",
        compact ? "px-3 py-2" : "px-4 py-3",
        className,
      )}
      {...props}
    />
  );
}
