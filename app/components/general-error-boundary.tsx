/**
 * An error where a page would be, said in Portuguese (the Epic Stack's `GeneralErrorBoundary`):
 * the layout around it stays, so the admin keeps the navigation and can go elsewhere. A page's
 * refusal (`throw data("Registro não encontrado", { status: 404 })`) shows its own words; anything
 * unexpected shows a plain apology, never the error itself (the server logs it).
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";

export const errorTexts = {
  notFoundTitle: "Não encontrado",
  notFound: "O que você procurou não existe ou foi removido.",
  refusedTitle: "Não foi possível continuar",
  unexpectedTitle: "Algo deu errado",
  unexpected: "Tivemos um problema inesperado ao carregar esta página. Tente novamente em instantes.",
  retry: "Tentar novamente",
} as const;

export function GeneralErrorBoundary({ back }: { back: { to: string; label: string } }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const response = isRouteErrorResponse(error) && error.status < 500 ? error : null;
  const said = typeof response?.data === "string" && response.data ? response.data : null;
  const title = !response ? errorTexts.unexpectedTitle : response.status === 404 ? errorTexts.notFoundTitle : errorTexts.refusedTitle;
  const text = said ?? (!response ? errorTexts.unexpected : response.status === 404 ? errorTexts.notFound : errorTexts.unexpected);
  return (
    <section
      aria-labelledby="erro-titulo"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
      data-testid="page-error"
    >
      <h1 id="erro-titulo" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {!response && (
          <Button asChild variant="outline">
            {/* A fresh load of the same address: works without JavaScript too. */}
            <a href={`${pathname}${search}`}>{errorTexts.retry}</a>
          </Button>
        )}
        <Button asChild>
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </div>
    </section>
  );
}
