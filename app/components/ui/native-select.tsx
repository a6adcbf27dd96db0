/**
 * The browser's own <select>, styled like the inputs: it works before hydration and without
 * JavaScript, and phones show their native picker (decision 0001).
 */
import { cn } from "~/lib/utils";
import type { ComponentProps } from "react";

const nativeSelectClassName =
  "flex h-11 w-full cursor-pointer rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs " +
  "focus-visible:border-ring focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 " +
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(nativeSelectClassName, className)} {...props} />;
}
