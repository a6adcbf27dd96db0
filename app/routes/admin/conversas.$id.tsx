import { data, Link } from "react-router";
import { AttributionFacts } from "~/components/admin/attribution";
import { formatChatDate } from "~/components/chat/chat-format";
import { Badge } from "~/components/ui/badge";
import { ArrowLeft, Mail, Phone } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { getConversation } from "~/domain/chat/admin.server";
import { parseId } from "~/infra/http.server";
import { leadPagePath } from "~/lib/pipeline";
import { cn, shortId } from "~/lib/utils";
import type { Route } from "./+types/conversas.$id";

export const meta: Route.MetaFunction = () => [{ title: "Conversa do chat | Admin" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  let id: number;
  try {
    id = parseId(params.id);
  } catch {
    throw data(null, { status: 404 });
  }
  const conversation = await getConversation(id);
  if (!conversation) throw data(null, { status: 404 });
  return data(conversation, { headers: { "Cache-Control": "no-store" } });
}

export default function Conversa({ loaderData }: Route.ComponentProps) {
  const { session, messages } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/admin/conversas" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Voltar às conversas
      </Link>

      <header className="space-y-3 rounded-xl border border-border bg-card p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold wrap-anywhere">{session.email ?? "Visitante sem contato"}</h1>
          <Badge variant={session.offline ? "secondary" : "success"}>{session.offline ? "Offline" : "Online"}</Badge>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Telefone</dt>
            <dd>{session.phone ?? "Não informado"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Nome da empresa</dt>
            <dd>{session.company || "Não informado"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Início</dt>
            <dd>{formatChatDate(session.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Conversa</dt>
            <dd>
              nº {session.id}
              {session.offline ? (
                " · sem assistente (respostas automáticas)"
              ) : (
                // The assistant service's own id: what its support asks for, shortened.
                <span className="block text-xs text-muted-foreground" title={session.sessionId}>
                  ID no serviço de chat: {shortId(session.sessionId)}
                </span>
              )}
            </dd>
          </div>
        </dl>
        {session.email && (
          <div className="flex flex-wrap gap-3 pt-1 text-sm">
            <a href={`mailto:${session.email}`} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
              <Mail className="size-4" aria-hidden /> Responder por e-mail
            </a>
            {session.phone && (
              <a
                href={`tel:${session.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <Phone className="size-4" aria-hidden /> Ligar
              </a>
            )}
            <Link
              to={leadPagePath("conversas", session.id)}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              Etapa, retorno e anotações no funil
            </Link>
          </div>
        )}
      </header>

      <section aria-labelledby="origem-visita" className="space-y-3 rounded-xl border border-border bg-card p-6">
        <h2 id="origem-visita" className="text-lg font-semibold">
          Origem da visita
        </h2>
        <AttributionFacts row={session} />
      </section>

      <section aria-labelledby="transcricao" className="space-y-3">
        <h2 id="transcricao" className="text-lg font-semibold">
          Transcrição ({messages.length} {messages.length === 1 ? "mensagem" : "mensagens"})
        </h2>
        <ol className="space-y-3">
          {messages.map((m) => {
            const visitor = m.role === "user";
            return (
              <li key={m.id} className={cn("flex", visitor ? "justify-end" : "justify-start")}>
                <div
                  className={cn(
                    "max-w-[80%] rounded-2xl px-4 py-3 text-sm shadow-soft",
                    visitor ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm border border-border bg-card",
                  )}
                >
                  <p className={cn("mb-1 text-xs font-semibold", visitor ? "text-primary-foreground/90" : "text-muted-foreground")}>
                    {visitor ? "Visitante" : "Assistente"} · {formatChatDate(m.createdAt)}
                  </p>
                  <p className="whitespace-pre-wrap break-words">{m.content}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
