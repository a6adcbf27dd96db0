import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  // The base look is one class (app/app.css, .ui-button): the variants below add to it.
  "ui-button",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        secondary: "bg-secondary text-secondary-foreground hover:bg-border",
        outline: "border border-input bg-background text-foreground hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:text-primary-hover hover:underline",
        // #128c4a on white is 4.3:1, just under AA for normal text, so the fill is
        // darkened from the brand token (about 5.6:1, 7:1 on hover).
        whatsapp:
          "bg-[color-mix(in_srgb,var(--color-whatsapp)_85%,black)] text-white shadow-sm hover:bg-[color-mix(in_srgb,var(--color-whatsapp)_72%,black)]",
        // For dark (navy) sections.
        hero: "bg-white text-navy shadow-soft hover:bg-muted",
        // The secondary action next to `hero`, on the same dark sections.
        heroOutline: "border border-white/40 bg-transparent text-white hover:bg-white/10",
      },
      size: {
        sm: "min-h-9 px-3 py-1.5 text-sm",
        default: "min-h-11 px-5 py-2 text-sm",
        lg: "min-h-12 px-7 py-2.5 text-base [&_svg:not([class*='size-'])]:size-5",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a `<Link>`) with the button styles instead of a `<button>`. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return <Slot.Root data-slot="button" className={classes} {...props} />;
  }
  return <button data-slot="button" type={type ?? "button"} className={classes} {...props} />;
}
