import { Checkbox as CheckboxPrimitive } from "radix-ui";
import * as React from "react";
import { Check } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        // The ::after pseudo-element enlarges the hit area to 36px without changing layout.
        "peer relative size-5 shrink-0 cursor-pointer rounded-sm border border-muted-foreground/70 bg-background shadow-xs transition-colors",
        "after:absolute after:-inset-2 after:content-['']",
        "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        "disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        "aria-invalid:border-destructive",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="flex items-center justify-center">
        <Check className="size-4" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
