import { data } from "react-router";
import { publicPage } from "~/lib/route-policy";
import type { Route } from "./+types/$";

export const handle = { policy: { ...publicPage(), counted: false } };

/** SPEC §2: any other path. Answers a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-extrabold text-primary" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">Did you forget to add the page to the router?</p>
      <a href="/" className="mt-8 rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary-hover">
        Voltar ao início
      </a>
    </section>
  );
}
