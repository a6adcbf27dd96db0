/**
 * /admin/seguranca: the admin's own account security: active sessions (end one, or all the
 * others). Every action is a plain form post, so it works without JavaScript.
 */
import { KeyRound, LogOut, MonitorSmartphone } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { cn } from "~/lib/utils";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { endOtherSessions, endSession, listActiveSessions, requireAdmin } from "~/domain/auth.server";
import { readBody } from "~/domain/http.server";
import { formatDateTime } from "~/lib/dates";
import { securityTexts as t, securityToasts } from "~/lib/messages/security";
import type { Route } from "./+types/seguranca";

export const meta: Route.MetaFunction = () => [{ title: "Segurança | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const sessions = await listActiveSessions(user.id, request);
  return data(
    {
      sessions: sessions.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Notice = { title: string; description: string; variant?: "destructive" };
type Result = { intent: string; notice: Notice };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const body = await readBody(request);
  const intent = String(body.intent ?? "");
  const headers = { "Cache-Control": "no-store" };

  if (intent === "end-others") {
    const ended = await endOtherSessions(user, request, context.clientIp);
    return data<Result>({ intent, notice: securityToasts.othersEnded(ended) }, { headers });
  }
  if (intent === "end-session") {
    const id = String(body.session ?? "");
    const ended = /^[0-9a-f]{64}$/.test(id) && (await endSession(user, id, context.clientIp));
    return ended
      ? data<Result>({ intent, notice: securityToasts.oneEnded }, { headers })
      : data<Result>({ intent, notice: { ...securityToasts.notFound, variant: "destructive" } }, { status: 404, headers });
  }
  return data<Result>({ intent, notice: { title: "Ação desconhecida", description: "Recarregue a página e tente de novo.", variant: "destructive" } }, { status: 400, headers });
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const { sessions } = loaderData;
  const others = sessions.filter((s) => !s.current);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <KeyRound className="size-6 text-primary" aria-hidden />
          {t.pageTitle}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t.pageIntro}</p>
      </div>

      {actionData?.notice && <NoticeBox notice={actionData.notice} />}

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
