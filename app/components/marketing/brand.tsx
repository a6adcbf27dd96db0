import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";

/** The logo mark (same drawing as public/favicon.svg). `id` keeps its gradient's id unique per page. */
export function LogoMark({ className, id }: { className?: string; id: string }) {
  const gradient = `logo-gradient-${id}`;
  return (
    <svg viewBox="0 0 64 64" className={cn("size-9", className)} aria-hidden focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="#0b1b3f" />
      <path d="M18 46 30 16h4l12 30h-6l-3-8H27l-3 8zm11-13h8l-4-11z" fill={`url(#${gradient})`} />
      <circle cx="48" cy="18" r="4" fill="#22d3ee" />
    </svg>
  );
}

/**
 * Logo + wordmark linking home. `tone`: `dark` text on light backgrounds, `light` on dark ones,
 * `overlay` light over a dark hero until the header turns solid (the `header-solid` variant).
 */
export function BrandLink({ tone, id }: { tone: "dark" | "light" | "overlay"; id: string }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2.5 rounded-md">
      <LogoMark
        id={id}
        className={cn(
          tone === "light" && "rounded-[14px] ring-1 ring-white/20",
          tone === "overlay" && "rounded-[14px] ring-1 ring-white/20 header-solid:ring-0",
        )}
      />
      <span
        className={cn(
          "font-display text-xl font-extrabold tracking-tight",
          tone === "dark" && "text-navy",
          tone === "light" && "text-white",
          tone === "overlay" && "text-white header-solid:text-navy",
        )}
      >
        Agile
        <span
          className={cn(
            tone === "dark" && "text-primary",
            tone === "light" && "text-cyan",
            tone === "overlay" && "text-cyan header-solid:text-primary",
          )}
        >
          {" "}
          IA
        </span>
      </span>
    </Link>
  );
}
