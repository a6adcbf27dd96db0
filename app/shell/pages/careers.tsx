import { CareersPage } from "~/components/marketing/pages/careers";
import { hydrateShell } from "../hydrate";

hydrateShell(<CareersPage />);
