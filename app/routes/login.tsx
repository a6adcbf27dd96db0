/**
 * /login (SPEC §6): a plain form that posts, with or without JavaScript (public pages are
 * documents; docs/decisions/0058). A wrong login answers the page again with the username kept,
 * the error beside the form and, through a flash cookie, the spec's toast.
 */
import { data, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { LockKeyhole } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { adminCredentialsHint } from "~/db/seed.server";
import { login } from "~/domain/auth/login.server";
import { secondStepMessages } from "~/domain/auth/second-step.server";
import { fieldErrors, readBody } from "~/infra/http.server";
import { flashCookie } from "~/lib/flash";
import { authMessages } from "~/lib/messages/auth";
import { personalPage } from "~/lib/route-policy";
import { loginSchema } from "~/lib/schemas/auth";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/login";

export const handle = { policy: personalPage() };

export const meta: Route.MetaFunction = () => [{ title: `Login administrativo | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.sessionUser()) throw redirect("/admin");
  // Sent back here from the second step: say why (the page reads without JavaScript too).
  const reason = new URL(request.url).searchParams.get("motivo");
  const notice = reason === "tentativas" ? secondStepMessages.tooMany : reason === "expirado" ? secondStepMessages.expired : null;
  return data({ hint: adminCredentialsHint(), notice }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const username = typeof body.username === "string" ? body.username.slice(0, 200) : "";
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), message: null, username }, { status: 400 });

  const result = await login(parsed.data.username, parsed.data.password, request, context.clientIp);
  if (!result.ok) {
    const toast = { title: authMessages.loginError.title, description: result.message, variant: "destructive" } as const;
    return data(
      { errors: null, message: result.message, username },
      { status: result.status, headers: { "Set-Cookie": flashCookie(toast) } },
    );
  }

  const headers = new Headers();
  headers.append("Set-Cookie", result.cookie);
  // Two-factor on (or required): the code, or the enrolment, comes first.
  if (result.stage !== "active") return redirect("/login/verificacao", { headers });
  headers.append("Set-Cookie", flashCookie(authMessages.loginSuccess));
  return redirect("/admin", { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const { hint } = loaderData;
  return (
    // No session here (or it is gone): the page's script drops the UI flag (app/shell/islands.tsx).
    <section data-signed-out="" className="flex min-h-[calc(100vh-10rem)] items-center justify-center bg-muted px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-8 shadow-soft">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <LockKeyhole className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Área Administrativa</h1>
          <p className="mt-1 text-sm text-muted-foreground">Entre para gerenciar o blog e os contatos recebidos.</p>
        </div>

        <form method="post" className="space-y-5" noValidate data-busy-label="Entrando...">
          <FormField id="username" label="Nome de usuário" error={errors.username} required>
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              defaultValue={actionData?.username}
              {...fieldA11y("username", errors.username)}
            />
          </FormField>
          <FormField id="password" label="Senha" error={errors.password} required>
            <Input name="password" type="password" autoComplete="current-password" {...fieldA11y("password", errors.password)} />
          </FormField>
          {!actionData && loaderData.notice && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {loaderData.notice}
            </p>
          )}
          {actionData?.message && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              <strong>{authMessages.loginError.title}:</strong> {actionData.message}
            </p>
          )}
          <Button type="submit" className="w-full" size="lg">
            Entrar
          </Button>
        </form>

        {hint ? (
          <div
            className="mt-6 rounded-lg border border-dashed border-border bg-muted p-4 text-sm text-muted-foreground"
            data-testid="login-hint"
          >
            <p>
              Acesso de demonstração: usuário <strong className="text-foreground">{hint.username}</strong> e senha{" "}
              <strong className="text-foreground">{hint.password}</strong>.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
