import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";

/** 'Anterior' and 'Próxima' around "Página N de M"; nothing when everything fits on one page. */
export function AdminPagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page - 1)}>
            <ChevronLeft aria-hidden /> Anterior
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{`Página ${page} de ${pageCount}`}</span>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page + 1)}>
            Próxima <ChevronRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
