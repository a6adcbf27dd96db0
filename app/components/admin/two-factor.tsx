/** Pieces of the two-factor login shared by /login/verificacao and /admin/seguranca. */
import { KeyRound } from "~/components/ui/icons";
import { twoFactorTexts as t } from "~/lib/messages/security";

/** The QR code (an SVG drawn on the server) and the same secret to type by hand. */
export function QrEnrolment({ qrSvg, manualKey }: { qrSvg: string; manualKey: string }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <div
        role="img"
        aria-label={t.qrLabel}
        data-testid="totp-qr"
        className="size-52 rounded-lg border border-border bg-white p-1 [&>svg]:size-full"
        // Our own SVG from the `qrcode` package, drawn from our own otpauth:// URI.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <details className="w-full text-sm">
        <summary className="cursor-pointer text-center text-primary">{t.manualKeySummary}</summary>
        <p className="mt-2 text-muted-foreground">{t.manualKeyHint}</p>
        <code
          data-testid="totp-secret"
          className="mt-1 block select-all break-all rounded-md bg-muted p-2 text-center font-mono text-base tracking-wider"
        >
          {manualKey}
        </code>
      </details>
    </div>
  );
}

/** The ten recovery codes, shown once right after they are made. */
export function RecoveryCodes({ codes, children }: { codes: string[]; children?: React.ReactNode }) {
  return (
    <section
      aria-labelledby="recovery-title"
      className="rounded-xl border border-primary/40 bg-secondary/40 p-4"
      data-testid="recovery-codes"
    >
      <h2 id="recovery-title" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden />
        {t.recoveryTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.recoveryIntro}</p>
      <ol className="mt-4 grid grid-cols-1 gap-2 font-mono text-base min-[400px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="select-all rounded-md bg-background px-3 py-2 text-center tracking-wider" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      {children && <div className="mt-4">{children}</div>}
    </section>
  );
}
