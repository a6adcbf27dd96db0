/** The title block every admin list page opens with: heading, one-line purpose, and its actions. */
import type { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

/** `large` for the lead and report pages, `compact` for the operations and compliance pages. */
const SIZES = {
  large: { title: "text-3xl font-bold", description: "text-muted-foreground" },
  compact: { title: "text-2xl font-bold", description: "text-sm text-muted-foreground" },
};

export function AdminPageHeader({
  title,
  description,
  icon: Icon,
  badge,
  size = "large",
  narrow = false,
  actions,
  className,
  titleClassName,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Drawn before the title. */
  icon?: Icon;
  /** After the title, inside the heading (a count). */
  badge?: ReactNode;
  size?: keyof typeof SIZES;
  /** A long intro keeps a readable line length. */
  narrow?: boolean;
  /** Buttons (or a note) beside the title. When given, even as `false`, the header is a row that wraps them under the title on narrow screens. */
  actions?: ReactNode;
  /** Overrides for the row (with `actions`). */
  className?: string;
  titleClassName?: string;
}) {
  const heading = (
    <div>
      <h1 className={cn((Icon || badge) && "flex items-center gap-2", SIZES[size].title, titleClassName)}>
        {Icon && <Icon className="size-6 text-primary" aria-hidden />}
        {title}
        {badge}
      </h1>
      <p className={cn("mt-1", narrow && "max-w-3xl", SIZES[size].description)}>{description}</p>
    </div>
  );
  if (actions === undefined) return heading;
  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-4", className)}>
      {heading}
      {actions}
    </div>
  );
}
