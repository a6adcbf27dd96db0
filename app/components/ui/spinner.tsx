import * as React from "react";
import { LoaderCircle } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

const sizeClasses = {
  sm: "size-4",
  default: "size-5",
  lg: "size-8",
} as const;

export type SpinnerProps = Omit<React.ComponentProps<typeof LoaderCircle>, "size"> & {
  /** Preset (`sm` 16px, `default` 20px, `lg` 32px) or a pixel size. */
  size?: keyof typeof sizeClasses | number;
};

/**
 * Decorative loading indicator (aria-hidden). Pair it with visible or sr-only text,
 * e.g. `<Button disabled><Spinner /> Enviando…</Button>`.
 */
export function Spinner({ className, size = "default", ...props }: SpinnerProps) {
  const isPreset = typeof size === "string";
  return (
    <LoaderCircle
      data-slot="spinner"
      aria-hidden="true"
      // Reduced motion: a still icon (the global rule would play the turn once,
      // near-instantly, a jitter).
      className={cn("animate-spin motion-reduce:animate-none", isPreset && sizeClasses[size], className)}
      size={isPreset ? undefined : size}
      {...props}
    />
  );
}
