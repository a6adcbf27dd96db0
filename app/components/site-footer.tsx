import { SITE_NAME } from "~/lib/site";

// Placeholder: the marketing-site issue builds the real footer.
export function SiteFooter() {
  return (
    <footer className="bg-navy py-10 text-center text-sm text-white/80">
      © {new Date().getFullYear()} {SITE_NAME}. Todos os direitos reservados.
    </footer>
  );
}
