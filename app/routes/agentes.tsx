import type { Route } from "./+types/agentes";

export const meta: Route.MetaFunction = () => [{ title: "Agentes Autônomos" }];

// Placeholder: this page is built by its own issue.
export default function Page() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-24">
      <h1 className="text-3xl font-bold">Agentes Autônomos</h1>
    </section>
  );
}
