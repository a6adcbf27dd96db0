import { Link } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import { cn } from "~/lib/utils";

/** The line every form that collects personal data carries: what the data is for, and the policy. */
export function PrivacyNote({ purpose, className }: { purpose: string; className?: string }) {
  return (
    <p className={cn("text-xs text-muted-foreground", className)}>
      Usamos seus dados apenas para {purpose}. Saiba mais na{" "}
      <Link to={LEGAL_PATHS.privacy} className="underline underline-offset-2 hover:text-foreground">
        Política de Privacidade
      </Link>
      .
    </p>
  );
}
