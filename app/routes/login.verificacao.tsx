/**
 * /login/verificacao: the login's second step. With two-factor on, the code from the app (or a
 * recovery code); with ADMIN_REQUIRE_2FA=1 and nothing set up yet, the enrolment. A plain form
 * that posts, with or without JavaScript, like the password step (docs/decisions/0058).
 */
import { data, redirect } from "react-router";
import { QrEnrolment, RecoveryCodes } from "~/components/admin/two-factor";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { ShieldCheck } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { completeEnrolmentStep, completeSecondFactor, getPendingLogin, pendingEnrolment } from "~/domain/auth/second-step.server";
import { readBody } from "~/infra/http.server";
import { flashCookie } from "~/lib/flash";
import { authMessages } from "~/lib/messages/auth";
import { twoFactorTexts as t } from "~/lib/messages/security";
import { Link } from "~/lib/navigation";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/login.verificacao";

export const handle = { policy: personalPage() };

export const meta: Route.MetaFunction = () => [
  { title: `Verificação em duas etapas | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

/** Personal, short-lived answers: never cached (the action's headers carry the new session cookie). */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** Back to the password step, with the reason shown there (also without JavaScript). */
function restart(reason: "expirado" | "tentativas") {
  return redirect(`/login?motivo=${reason}`, { headers: NO_STORE });
}

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await getPendingLogin(request);
  if (!pending) throw redirect("/login", { headers: NO_STORE });
  // Enrolled a moment ago: the recovery codes are in the action's answer; a reload goes on.
  if (pending.stage === "enrolled") return data({ stage: pending.stage, enrolment: null }, { headers: NO_STORE });
  if (pending.stage === "enrol") {
    const enrolment = await pendingEnrolment(pending);
    if (!enrolment) throw redirect("/login", { headers: NO_STORE });
    return data({ stage: pending.stage, enrolment: { qrSvg: enrolment.qrSvg, manualKey: enrolment.manualKey } }, { headers: NO_STORE });
  }
  return data({ stage: pending.stage, enrolment: null }, { headers: NO_STORE });
}

type ActionResult = { message?: string; recoveryCodes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const code = typeof body.code === "string" ? body.code.slice(0, 64) : "";
  if (body.intent === "enrol") {
    const result = await completeEnrolmentStep(request, code, context.clientIp);
    if (!result.ok) {
      if (result.restart) return restart("expirado");
      return data<ActionResult>({ message: result.message }, { status: result.status, headers: NO_STORE });
    }
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", result.cookie);
    headers.append("Set-Cookie", flashCookie(authMessages.loginSuccess));
    // Shown once, here; the session is already open, the link goes on to the admin.
    return data<ActionResult>({ recoveryCodes: result.recoveryCodes }, { headers });
  }
  const result = await completeSecondFactor(
    request,
    { code, remember: body.remember === "on" || body.remember === true },
    context.clientIp,
  );
  if (!result.ok) {
    if (result.restart) return restart(result.status === 429 ? "tentativas" : "expirado");
    return data<ActionResult>({ message: result.message }, { status: result.status, headers: NO_STORE });
  }
  const headers = new Headers(NO_STORE);
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(authMessages.loginSuccess));
  return redirect("/admin", { headers });
}

export default function LoginVerification({ loaderData, actionData }: Route.ComponentProps) {
  const enrolling = loaderData.stage === "enrol" || loaderData.stage === "enrolled";

  let content: React.ReactNode;
  const toAdmin = (
    <Button asChild className="w-full" size="lg">
      <a href="/admin">{t.continueToAdmin}</a>
    </Button>
  );
  if (actionData?.recoveryCodes) {
    content = <RecoveryCodes codes={actionData.recoveryCodes}>{toAdmin}</RecoveryCodes>;
  } else if (loaderData.stage === "enrolled") {
    content = toAdmin;
  } else {
    const error = actionData?.message;
    content = (
      <form method="post" className="space-y-5" noValidate data-busy-label={t.verifying}>
        <input type="hidden" name="intent" value={enrolling ? "enrol" : "code"} />
        {enrolling && loaderData.enrolment && (
          <>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              {t.enrolSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <QrEnrolment {...loaderData.enrolment} />
          </>
        )}
        <FormField id="code" label={t.codeLabel} error={error} hint={enrolling ? undefined : t.codeHint} required>
          <Input
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's only field (the code)
            autoFocus
            maxLength={64}
            className="font-mono tracking-widest"
            {...fieldA11y("code", error, { hint: !enrolling })}
          />
        </FormField>
        {!enrolling && (
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" name="remember" className="size-5 accent-primary" />
            {t.remember}
          </label>
        )}
        <Button type="submit" className="w-full" size="lg">
          {enrolling ? t.enrolConfirmAndEnter : t.verify}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="text-primary underline-offset-4 hover:underline">
            {t.backToLogin}
          </Link>
        </p>
      </form>
    );
  }

  return (
    <section className="flex min-h-[calc(100vh-10rem)] items-center justify-center bg-muted px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{enrolling ? t.enrolTitle : t.stepTitle}</h1>
          {!actionData?.recoveryCodes && loaderData.stage !== "enrolled" && (
            <p className="mt-1 text-sm text-muted-foreground">{enrolling ? t.enrolRequiredIntro : t.stepIntro}</p>
          )}
        </div>
        {content}
      </div>
    </section>
  );
}
