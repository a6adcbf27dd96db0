import type { Route } from "./+types/sobre";

export const meta: Route.MetaFunction = () => [{ title: "Sobre" }];

// Placeholder: this page is built by its own issue.
export default function Page() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-24">
      <h1 className="text-3xl font-bold">Sobre</h1>
    </section>
  );
}
