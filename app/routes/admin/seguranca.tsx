/**
 * /admin/seguranca: the admin's own account security: active sessions (end one, or all the
 * others), the two-factor login (enrol, new recovery codes, turn off) and remembered devices.
 * Every action is a plain form post, so it works without JavaScript; the forms are read with one
 * schema (docs/decisions/0064).
 */
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { QrEnrolment, RecoveryCodes } from "~/components/admin/two-factor";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck, Smartphone } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { sessionSecret } from "~/domain/auth/cookies.server";
import { confirmPassword } from "~/domain/auth/login.server";
import { endOtherSessions, endSession, listActiveSessions, requireAdmin } from "~/domain/auth/sessions.server";
import {
  confirmEnrolment,
  forgetRememberedDevices,
  listRememberedDevices,
  regenerateRecoveryCodes,
  resetTwoFactor,
  startEnrolment,
  twoFactorStatus,
  type Enrolment,
} from "~/domain/two-factor.server";
import { formError, parseForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { securityTexts as t, securityToasts, twoFactorTexts as tf, twoFactorToasts } from "~/lib/messages/security";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/seguranca";

export const meta: Route.MetaFunction = () => [{ title: "Segurança | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(context);
  const [sessions, status, devices] = await Promise.all([
    listActiveSessions(user.id, request),
    twoFactorStatus(user.id),
    listRememberedDevices(user.id),
  ]);
  return data(
    {
      sessions: sessions.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      })),
      twoFactor: { ...status, enabledAt: status.enabledAt?.toISOString() ?? null },
      devices: devices.map((d) => ({ ...d, lastUsedAt: d.lastUsedAt.toISOString(), expiresAt: d.expiresAt.toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Notice = { title: string; description: string; variant?: "destructive" };
type Result = {
  intent: string;
  notice?: Notice;
  /** The enrolment in progress (QR code), while the first code is due. */
  enrolment?: Pick<Enrolment, "qrSvg" | "manualKey">;
  /** Recovery codes just made: shown once. */
  recoveryCodes?: string[];
  /** A refused form: the message of each field (docs/decisions/0064). */
  errors?: Record<string, string>;
};

const password = z.string({ error: "Senha é obrigatória" }).min(1, "Senha é obrigatória");
/** Every form of the page: which one (`intent`) and its fields. */
const securityForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("end-others") }),
    z.object({ intent: z.literal("end-session"), session: z.string().regex(/^[0-9a-f]{64}$/, securityToasts.notFound.title) }),
    z.object({ intent: z.literal("start-enrol") }),
    z.object({
      intent: z.literal("confirm-enrol"),
      code: z
        .string({ error: "Informe o código." })
        .transform((v) => v.replace(/\s/g, "").slice(0, 64))
        .pipe(z.string().min(1, "Informe o código.")),
    }),
    z.object({ intent: z.literal("regenerate-codes"), password }),
    z.object({ intent: z.literal("reset-2fa"), password }),
    z.object({ intent: z.literal("forget-devices") }),
  ],
  { error: "Ação desconhecida." },
);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const headers = { "Cache-Control": "no-store" };
  const enrolmentView = async () => {
    const e = await startEnrolment(user.id, user.username, await sessionSecret());
    return e ? { qrSvg: e.qrSvg, manualKey: e.manualKey } : undefined;
  };
  const alreadyOn = (intent: string) => data<Result>({ intent, notice: twoFactorToasts.alreadyOn }, { status: 409, headers });

  const submission = await parseForm(request, securityForm);
  if (!submission.ok) {
    const { errors } = submission.reply;
    const intent = submission.reply.values.intent ?? "";
    if (errors.intent) {
      return formError<Result>({
        intent,
        errors,
        notice: { title: errors.intent, description: "Recarregue a página e tente de novo.", variant: "destructive" },
      });
    }
    if (intent === "confirm-enrol") {
      // The QR code again, with the message beside the code field.
      const enrolment = await enrolmentView();
      return enrolment ? formError<Result>({ intent, errors, enrolment }) : alreadyOn(intent);
    }
    return formError<Result>({ intent, errors });
  }

  const asked = submission.value;
  const { intent } = asked;
  switch (asked.intent) {
    case "end-others": {
      const ended = await endOtherSessions(user, request, context.clientIp);
      return data<Result>({ intent, notice: securityToasts.othersEnded(ended) }, { headers });
    }
    case "end-session":
      return (await endSession(user, asked.session, context.clientIp))
        ? data<Result>({ intent, notice: securityToasts.oneEnded }, { headers })
        : data<Result>({ intent, notice: { ...securityToasts.notFound, variant: "destructive" } }, { status: 404, headers });
    // ------------------------------------------------------------ two-factor
    case "start-enrol": {
      const enrolment = await enrolmentView();
      return enrolment ? data<Result>({ intent, enrolment }, { headers }) : alreadyOn(intent);
    }
    case "confirm-enrol": {
      const result = await confirmEnrolment(user, asked.code, await sessionSecret(), context.clientIp);
      if (result.ok) return data<Result>({ intent, notice: twoFactorToasts.enrolled, recoveryCodes: result.recoveryCodes }, { headers });
      const enrolment = await enrolmentView();
      return enrolment
        ? formError<Result>({ intent, enrolment, errors: { code: twoFactorToasts.wrongCode.description } }, 401)
        : alreadyOn(intent);
    }
    case "regenerate-codes":
    case "reset-2fa": {
      if (!(await confirmPassword(user.id, asked.password))) {
        return formError<Result>({ intent, errors: { password: twoFactorToasts.wrongPassword.title } }, 401);
      }
      if (asked.intent === "regenerate-codes") {
        if (!(await twoFactorStatus(user.id)).enabled) return data<Result>({ intent }, { status: 409, headers });
        const codes = await regenerateRecoveryCodes(user, context.clientIp);
        return data<Result>({ intent, notice: twoFactorToasts.regenerated, recoveryCodes: codes }, { headers });
      }
      await resetTwoFactor(user.id, { actor: user.username, ip: context.clientIp, reason: "admin" });
      return data<Result>({ intent, notice: twoFactorToasts.reset }, { headers });
    }
    case "forget-devices": {
      const n = await forgetRememberedDevices(user, context.clientIp);
      return data<Result>({ intent, notice: twoFactorToasts.devicesForgotten(n) }, { headers });
    }
  }
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const { sessions, twoFactor, devices } = loaderData;
  const others = sessions.filter((s) => !s.current);

  return (
    <div className="space-y-8">
      <AdminPageHeader title={t.pageTitle} description={t.pageIntro} icon={KeyRound} size="compact" narrow />

      {actionData?.notice && <NoticeBox notice={actionData.notice} />}

      {actionData?.recoveryCodes && <RecoveryCodes codes={actionData.recoveryCodes} />}

      <TwoFactorSection status={twoFactor} result={actionData} busy={busy} />

      <section aria-labelledby="sessions-title" className="rounded-xl border border-border bg-background">
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border p-4">
          <div className="max-w-2xl">
            <h2 id="sessions-title" className="flex items-center gap-2 text-lg font-semibold">
              <MonitorSmartphone className="size-5 text-primary" aria-hidden />
              {t.sessionsTitle}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t.sessionsIntro}</p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <Button type="submit" variant="outline" disabled={busy === "end-others"}>
              <LogOut aria-hidden />
              {t.endOthers}
            </Button>
          </Form>
        </div>
        <ul className="divide-y divide-border" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="session-row">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{s.device}</span>
                  {s.current && <Badge variant="success">{t.thisSession}</Badge>}
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground sm:flex sm:flex-wrap sm:gap-x-5">
                  <div className="contents sm:flex sm:gap-1">
                    <dt>{t.columns.ip}:</dt>
                    <dd className="break-all text-foreground">{s.ip ?? "—"}</dd>
                  </div>
                  <div className="contents sm:flex sm:gap-1">
                    <dt>{t.columns.lastSeenAt}:</dt>
                    <dd className="text-foreground">{formatDateTime(s.lastSeenAt)}</dd>
                  </div>
                  <div className="contents sm:flex sm:gap-1">
                    <dt>{t.columns.createdAt}:</dt>
                    <dd className="text-foreground">{formatDateTime(s.createdAt)}</dd>
                  </div>
                </dl>
              </div>
              {!s.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session" value={s.id} />
                  <Button type="submit" variant="ghost" size="sm" aria-label={`${t.endOne}: ${s.device}`}>
                    {t.endOne}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length === 0 && <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground">{t.noOtherSessions}</p>}
      </section>

      {(twoFactor.enabled || devices.length > 0) && (
        <section aria-labelledby="devices-title" className="rounded-xl border border-border bg-background">
          <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border p-4">
            <div className="max-w-2xl">
              <h2 id="devices-title" className="flex items-center gap-2 text-lg font-semibold">
                <Smartphone className="size-5 text-primary" aria-hidden />
                {tf.devicesTitle}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{tf.devicesIntro}</p>
            </div>
            {devices.length > 0 && (
              <Form method="post">
                <input type="hidden" name="intent" value="forget-devices" />
                <Button type="submit" variant="outline" disabled={busy === "forget-devices"}>
                  {tf.forgetDevices}
                </Button>
              </Form>
            )}
          </div>
          {devices.length === 0 ? (
            <p className="px-4 py-3 text-sm text-muted-foreground">{tf.noDevices}</p>
          ) : (
            <ul className="divide-y divide-border">
              {devices.map((d, i) => (
                <li key={i} className="space-y-1 p-4" data-testid="device-row">
                  <p className="font-medium">{d.device}</p>
                  <p className="text-sm text-muted-foreground">
                    {t.columns.ip}: <span className="text-foreground">{d.ip ?? "—"}</span> · {t.columns.lastSeenAt}:{" "}
                    <span className="text-foreground">{formatDateTime(d.lastUsedAt)}</span> · {tf.until}{" "}
                    <span className="text-foreground">{formatDateTime(d.expiresAt)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

/** The answer to the last action, on the page itself (it also reads without JavaScript). */
function NoticeBox({ notice }: { notice: Notice }) {
  const error = notice.variant === "destructive";
  return (
    <p
      role={error ? "alert" : "status"}
      className={cn(
        "rounded-lg border p-4 text-sm",
        error ? "border-destructive/40 bg-destructive/5 text-destructive" : "border-success/40 bg-success/5 text-foreground",
      )}
    >
      <strong>{notice.title}.</strong> {notice.description}
    </p>
  );
}

type LoaderTwoFactor = Route.ComponentProps["loaderData"]["twoFactor"];

function TwoFactorSection({ status, result, busy }: { status: LoaderTwoFactor; result?: Result; busy: string }) {
  const enrolment = result?.enrolment;
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="two-factor-title" className="rounded-xl border border-border bg-background p-4" data-testid="two-factor">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="two-factor-title" className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {tf.sectionTitle}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{tf.sectionIntro}</p>
        </div>
        <Badge variant={status.enabled ? "success" : "outline"} data-testid="two-factor-status">
          {status.enabled ? tf.statusOn : tf.statusOff}
        </Badge>
      </div>
      {status.required && <p className="mt-2 text-sm font-medium">{tf.requiredNote}</p>}

      {status.enabled ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-muted-foreground">
            {status.enabledAt && (
              <>
                {tf.enabledSince} <span className="text-foreground">{formatDateTime(status.enabledAt)}</span> ·{" "}
              </>
            )}
            <span className="text-foreground" data-testid="recovery-left">
              {tf.recoveryLeft(status.recoveryCodesLeft)}
            </span>
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <PasswordAction
              intent="regenerate-codes"
              label={tf.regenerate}
              hint={tf.regenerateHint}
              error={result?.intent === "regenerate-codes" ? errors.password : undefined}
              busy={busy === "regenerate-codes"}
            />
            <PasswordAction
              intent="reset-2fa"
              label={tf.reset}
              hint={status.required ? tf.resetRequiredHint : undefined}
              error={result?.intent === "reset-2fa" ? errors.password : undefined}
              busy={busy === "reset-2fa"}
              destructive
            />
          </div>
        </div>
      ) : enrolment ? (
        <Form method="post" className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)] md:items-start" noValidate>
          <input type="hidden" name="intent" value="confirm-enrol" />
          <QrEnrolment {...enrolment} />
          <div className="space-y-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              {tf.enrolSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <FormField id="enrol-code" label={tf.codeLabel} error={errors.code} required>
              <Input
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={10}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the code field of the step the admin just opened
                autoFocus
                className="max-w-48 font-mono tracking-widest"
                {...fieldA11y("enrol-code", errors.code)}
              />
            </FormField>
            <Button type="submit" disabled={busy === "confirm-enrol"}>
              {tf.enrolConfirm}
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="start-enrol" />
          <Button type="submit" disabled={busy === "start-enrol"}>
            <ShieldCheck aria-hidden />
            {tf.start}
          </Button>
        </Form>
      )}
    </section>
  );
}

/** A change that asks for the current password first. */
function PasswordAction(props: { intent: string; label: string; hint?: string; error?: string; busy: boolean; destructive?: boolean }) {
  const id = `${props.intent}-password`;
  return (
    <Form method="post" className="space-y-3 rounded-lg border border-border p-4" noValidate>
      <input type="hidden" name="intent" value={props.intent} />
      <FormField id={id} label={tf.passwordLabel} error={props.error} hint={props.hint ?? tf.passwordHint}>
        <Input name="password" type="password" autoComplete="current-password" {...fieldA11y(id, props.error, { hint: true })} />
      </FormField>
      <Button type="submit" variant={props.destructive ? "destructive" : "outline"} disabled={props.busy} className="w-full sm:w-auto">
        {props.label}
      </Button>
    </Form>
  );
}
