import { AboutPage } from "~/components/marketing/pages/about";
import { hydrateShell } from "../hydrate";

hydrateShell(<AboutPage />);
