import { ProductsPage } from "~/components/marketing/pages/products";
import { hydrateShell } from "../hydrate";

hydrateShell(<ProductsPage />);
