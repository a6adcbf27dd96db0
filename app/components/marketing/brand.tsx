import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";

/** The logo mark (same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn("size-9", className)} aria-hidden focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="#0b1b3f" />
      <path d="M18 46 30 16h4l12 30h-6l-3-8H27l-3 8zm11-13h8l-4-11z" fill="url(#logo-g)" />
      <circle cx="48" cy="18" r="4" fill="#22d3ee" />
    </svg>
  );
}

/** Logo + wordmark linking home. `light` for dark backgrounds. */
export function BrandLink({ light = false, onClick }: { light?: boolean; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex shrink-0 items-center gap-2.5 rounded-md"
    >
      <LogoMark className={cn(light && "ring-1 ring-white/20 rounded-[14px]")} />
      <span className={cn("font-display text-xl font-extrabold tracking-tight", light ? "text-white" : "text-navy")}>
        Agile<span className={light ? "text-cyan" : "text-primary"}> IA</span>
      </span>
    </Link>
  );
}
