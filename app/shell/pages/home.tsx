import { HomePage } from "~/components/marketing/pages/home";
import { hydrateShell } from "../hydrate";

hydrateShell(<HomePage />);
