import * as React from "react";
import { cn } from "~/lib/utils";

/** Loading placeholder. Hidden from assistive tech: announce loading state elsewhere (e.g. aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      // Reduced motion: a still placeholder (the global rule would play the pulse once,
      // near-instantly, a flicker).
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
