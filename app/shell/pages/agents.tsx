import { AgentsPage } from "~/components/marketing/pages/agents";
import { hydrateShell } from "../hydrate";

hydrateShell(<AgentsPage />);
