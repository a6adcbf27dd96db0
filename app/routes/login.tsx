import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { LockKeyhole } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { adminCredentialsHint } from "~/db/seed.server";
import { login } from "~/domain/auth/login.server";
import { secondStepMessages } from "~/domain/auth/second-step.server";
import { fieldErrors, readBody } from "~/infra/http.server";
import { flashCookie } from "~/lib/flash";
import { AUTH_STORAGE_KEY, authMessages } from "~/lib/messages/auth";
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
  const parsed = loginSchema.safeParse(await readBody(request));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), message: null }, { status: 400 });

  const result = await login(parsed.data.username, parsed.data.password, request, context.clientIp);
  if (!result.ok) return data({ errors: null, message: result.message }, { status: result.status });

  const headers = new Headers();
  headers.append("Set-Cookie", result.cookie);
  // Two-factor on (or required): the code, or the enrolment, comes first.
  if (result.stage !== "active") return redirect("/login/verificacao", { headers });
  headers.append("Set-Cookie", flashCookie(authMessages.loginSuccess));
  return redirect("/admin", { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  const errors = actionData?.errors ?? {};

  useEffect(() => {
    // The session is gone (or never was): the UI flag follows.
    window.localStorage.removeItem(AUTH_STORAGE_KEY);
  }, []);

  useEffect(() => {
    if (actionData?.message) {
      toast({ title: authMessages.loginError.title, description: actionData.message, variant: "destructive" });
    }
  }, [actionData]);

  const { hint } = loaderData;
  return (
    <section className="flex min-h-[calc(100vh-10rem)] items-center justify-center bg-muted px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-8 shadow-soft">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <LockKeyhole className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Área Administrativa</h1>
          <p className="mt-1 text-sm text-muted-foreground">Entre para gerenciar o blog e os contatos recebidos.</p>
        </div>

        <Form method="post" className="space-y-5" noValidate>
          <FormField id="username" label="Nome de usuário" error={errors.username} required>
            <Input name="username" autoComplete="username" autoCapitalize="none" {...fieldA11y("username", errors.username)} />
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
          <Button type="submit" className="w-full" size="lg" disabled={submitting}>
            {submitting ? "Entrando..." : "Entrar"}
          </Button>
        </Form>

        <div
          className="mt-6 rounded-lg border border-dashed border-border bg-muted p-4 text-sm text-muted-foreground"
          data-testid="login-hint"
        >
          {hint.password ? (
            <p>
              Acesso de demonstração: usuário <strong className="text-foreground">{hint.username}</strong> e senha{" "}
              <strong className="text-foreground">{hint.password}</strong>.
            </p>
          ) : (
            <p>
              Use o usuário <strong className="text-foreground">{hint.username}</strong> e a senha definida pelo administrador do site.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
