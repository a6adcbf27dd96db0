import { SITE_NAME } from "~/lib/site";

// Placeholder: the marketing-site issue builds the real header.
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
        <a href="/" className="font-display text-xl font-extrabold">{SITE_NAME}</a>
      </div>
    </header>
  );
}
