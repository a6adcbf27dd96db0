import { fail } from "~/infra/http.server";

/** Any /api path no route claims: a JSON 404, never the HTML page. */
const notFound = () => fail(404, "Endpoint não encontrado.");
export const loader = notFound;
export const action = notFound;
