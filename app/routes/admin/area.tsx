/**
 * Every admin page sits inside this route (it has no address of its own): when a page's loader or
 * action fails, the error is shown here, inside the admin's layout, in Portuguese, and the
 * navigation stays (docs/decisions/0064). Without it the error would replace the whole layout.
 */
import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export default function AdminArea() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ to: "/admin/dashboard", label: "Voltar ao painel" }} />;
}
