import type { FormState } from "~/components/forms/lead-form-utils";
import { QuestionnaireForm } from "~/components/marketing/formulario/form";

export { QuestionnaireForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <QuestionnaireForm initial={state} />;
}
