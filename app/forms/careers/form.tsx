import { CareersForm } from "~/components/forms/careers-form";
import type { FormState } from "~/components/forms/lead-form-utils";
import { JOBS } from "~/components/marketing/carreiras/content";

export { CareersForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <CareersForm positions={JOBS.map((job) => job.title)} initial={state} />;
}
