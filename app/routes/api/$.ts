import { fail } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";

export const handle = { policy: publicEndpoint({ writeMethods: ["POST", "PUT", "PATCH", "DELETE"] }) };

/** Any /api path no route claims: a JSON 404, never the HTML page. */
const notFound = () => fail(404, "Endpoint não encontrado.");
export const loader = notFound;
export const action = notFound;
