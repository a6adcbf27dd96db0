import { data, Link } from "react-router";
import { z } from "zod";
import { ActionsHead, StackedCell, StackedRow, StackedTable } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { formatChatDate } from "~/components/chat/chat-format";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ChevronLeft, ChevronRight, MessagesSquare } from "~/components/ui/icons";
import { TableHead } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { CONVERSATIONS_PAGE_SIZE, listConversations } from "~/domain/chat/admin.server";
import { queryOf } from "~/infra/forms.server";
import { pageNumber } from "~/lib/schemas/form-fields";
import type { Route } from "./+types/conversas";

export const meta: Route.MetaFunction = () => [{ title: "Conversas do chat | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { pagina: page } = queryOf(request, z.object({ pagina: pageNumber() }));
  const result = await listConversations(page);
  return data({ ...result, page, pageSize: CONVERSATIONS_PAGE_SIZE }, { headers: { "Cache-Control": "no-store" } });
}

export default function Conversas({ loaderData }: Route.ComponentProps) {
  const { items, total, withoutContact, page, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Conversas do chat"
        // The unit as hidden text: HTML allows no aria-label on a plain span.
        badge={
          <Badge variant="secondary">
            {total}
            <span className="sr-only"> conversas</span>
          </Badge>
        }
        description="Visitantes que deixaram e-mail e telefone no chat de consultoria gratuita. Conversas offline esperam o contato da equipe por e-mail."
        size="compact"
        className="gap-3"
        actions={
          withoutContact > 0 && (
            <p className="text-sm text-muted-foreground">
              {withoutContact} {withoutContact === 1 ? "chat aberto" : "chats abertos"} sem contato informado
            </p>
          )
        }
      />

      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-border bg-card p-10 text-center">
          <MessagesSquare className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Nenhuma conversa ainda.</p>
          <p className="text-sm text-muted-foreground">Quando um visitante preencher o contato no chat, ela aparece aqui.</p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-border bg-card">
          <StackedTable
            head={
              <>
                <TableHead>Data</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Telefone</TableHead>
                <TableHead>Empresa</TableHead>
                <TableHead>Modo</TableHead>
                <TableHead className="text-right">Mensagens do visitante</TableHead>
                <ActionsHead />
              </>
            }
          >
            {items.map((c) => (
              <StackedRow key={c.id}>
                <StackedCell label="Data" className="whitespace-nowrap">
                  {formatChatDate(c.createdAt)}
                </StackedCell>
                <StackedCell wide className="max-lg:-order-1">
                  <a
                    href={`mailto:${c.email}`}
                    className="break-all text-primary underline-offset-4 hover:underline max-lg:text-base max-lg:font-semibold"
                  >
                    {c.email}
                  </a>
                </StackedCell>
                <StackedCell label="Telefone" className="whitespace-nowrap">
                  {c.phone}
                </StackedCell>
                <StackedCell label="Empresa">{c.company || "-"}</StackedCell>
                <StackedCell label="Modo">
                  <Badge variant={c.offline ? "secondary" : "success"}>{c.offline ? "Offline" : "Online"}</Badge>
                </StackedCell>
                <StackedCell label="Mensagens do visitante" className="text-right tabular-nums">
                  {c.messageCount}
                </StackedCell>
                <StackedCell actions className="text-right">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/admin/conversas/${c.id}`} aria-label={`Ver conversa de ${c.email}`}>
                      Ver conversa
                    </Link>
                  </Button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Paginação" className="flex items-center justify-between gap-3 text-sm">
          <span className="text-muted-foreground">
            Página {page} de {pages}
          </span>
          <div className="flex gap-2">
            {page > 1 && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?pagina=${page - 1}`}>
                  <ChevronLeft aria-hidden /> Anterior
                </Link>
              </Button>
            )}
            {page < pages && (
              <Button asChild variant="outline" size="sm">
                <Link to={`?pagina=${page + 1}`}>
                  Próxima <ChevronRight aria-hidden />
                </Link>
              </Button>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
