import { subscribeNewsletter } from "~/domain/leads/newsletter.server";
import { ok } from "~/infra/http.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  store: subscribeNewsletter,
  // Every accepted request gets the same answer, new address or not, and never a row id, so the
  // form cannot be used to find out who is subscribed (docs/decisions/0011).
  answer: () => ok(),
});
