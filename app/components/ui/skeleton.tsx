import * as React from "react";
import { cn } from "~/lib/utils";

/** Loading placeholder. Hidden from assistive tech: announce loading state elsewhere (e.g. aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      // The global reduced-motion rule shortens animations but keeps them infinite,
      // which would make the pulse flicker, so turn it off instead.
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
