import { consultations } from "~/db/schema";
import { createConsultation } from "~/domain/leads/capture.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, { store: createConsultation, table: consultations });
