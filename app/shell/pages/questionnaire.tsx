import { QuestionnairePage } from "~/components/marketing/pages/questionnaire";
import { hydrateShell } from "../hydrate";

hydrateShell(<QuestionnairePage />);
