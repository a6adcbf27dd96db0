import { describe, expect, it } from "vitest";
import { LEAD_FORMS } from "~/forms/index";
import { CONSULTATION_STATUSES } from "~/lib/lead-fields";
import { ACCENTED_LETTERS, nameWords, PLAIN_LETTERS } from "~/lib/name-words";
import {
  brasiliaDay,
  CONSULTATION_STATUS_OF_STAGE,
  firstStage,
  formatDay,
  HIRING_STAGES,
  isPipelineType,
  isStage,
  PIPELINE_TYPES,
  pipelineTypeInfo,
  registerLeadType,
  type PipelineType,
  SALES_STAGES,
  STAGE_OF_CONSULTATION_STATUS,
  stageLabel,
  stagesOf,
} from "~/lib/pipeline";

describe("lead pipeline vocabulary", () => {
  it("maps every consultation status onto a stage", () => {
    for (const { value } of CONSULTATION_STATUSES) expect(isStage(STAGE_OF_CONSULTATION_STATUS[value]), value).toBe(true);
  });

  it("normalises names the same way in the browser/server code and in the SQL translate()", () => {
    expect(ACCENTED_LETTERS.length).toBe(PLAIN_LETTERS.length);
    [...ACCENTED_LETTERS].forEach((letter, i) => expect(nameWords(letter), letter).toEqual([PLAIN_LETTERS[i]?.toLowerCase()]));
    expect(nameWords("  João  da Conceição-Araújo ")).toEqual(["joao", "da", "conceicao", "araujo"]);
  });

  it("follow-ups are Brasília calendar days", () => {
    expect(brasiliaDay(new Date("2026-11-25T02:30:00Z"))).toBe("2026-11-24"); // 23h30 in Brasília
    expect(brasiliaDay(new Date("2026-11-25T03:30:00Z"))).toBe("2026-11-25");
    expect(formatDay("2026-11-05")).toBe("05/11/2026");
    expect(formatDay("05/11/2026")).toBe("");
  });
});

describe("one state per lead (docs/decisions/0088)", () => {
  it("each consultation status is one sales stage and back, with the stage's label", () => {
    const stages = CONSULTATION_STATUSES.map((s) => STAGE_OF_CONSULTATION_STATUS[s.value]);
    expect([...stages].sort()).toEqual(SALES_STAGES.map((s) => s.value).sort());
    for (const { value, label } of CONSULTATION_STATUSES) {
      expect(CONSULTATION_STATUS_OF_STAGE[STAGE_OF_CONSULTATION_STATUS[value]]).toBe(value);
      expect(label).toBe(stageLabel(STAGE_OF_CONSULTATION_STATUS[value]));
    }
    expect(STAGE_OF_CONSULTATION_STATUS.pending).toBe("novo"); // SPEC §3: a consultation starts 'pending'
  });

  it("applications move through the hiring stages, every other type through the sales ones", () => {
    expect(stagesOf("candidaturas").map((s) => s.label)).toEqual(["Recebida", "Em análise", "Entrevista", "Contratada", "Recusada"]);
    expect(firstStage("candidaturas")).toBe("recebida");
    for (const type of ["contatos", "consultas", "conversas", "questionarios"] as const) {
      expect(stagesOf(type)).toBe(SALES_STAGES);
      expect(firstStage(type)).toBe("novo");
    }
  });
});

describe("each form's folder declares its lead type (docs/decisions/0149)", () => {
  it("the site's lead types keep their order, words, stages and audit names", () => {
    expect(PIPELINE_TYPES).toEqual(["contatos", "consultas", "conversas", "questionarios", "candidaturas", "reunioes"]);
    expect(PIPELINE_TYPES.map((t) => [pipelineTypeInfo(t).label, pipelineTypeInfo(t).plural, pipelineTypeInfo(t).audit])).toEqual([
      ["Contato", "Contatos", "contact"],
      ["Solicitação de consultoria", "Solicitações de consultoria", "consultation"],
      ["Conversa no chat", "Conversas no chat", "chat"],
      ["Questionário", "Questionários", "questionnaire"],
      ["Candidatura", "Candidaturas", "application"],
      ["Reunião agendada", "Reuniões agendadas", "booking"],
    ]);
    expect(PIPELINE_TYPES.map((t) => pipelineTypeInfo(t).elsewhere?.href(7) ?? null)).toEqual([
      null,
      null,
      "/admin/conversas/7",
      "/admin/business-optimizations#formulario-7",
      null,
      "/admin/agenda/7",
    ]);
  });

  it("a kind is a lead type only once declared, and a declared one joins in its place", () => {
    expect(isPipelineType("experimentos")).toBe(false);
    expect(pipelineTypeInfo("experimentos")).toMatchObject({ label: "experimentos", stages: "sales" });
    registerLeadType({
      type: "experimentos",
      label: "Experimento",
      plural: "Experimentos",
      stages: "hiring",
      audit: "experiment",
      order: 25,
    });
    expect(isPipelineType("experimentos")).toBe(true);
    expect(PIPELINE_TYPES.indexOf("experimentos" as PipelineType)).toBe(2);
    expect(stagesOf("experimentos" as PipelineType)).toBe(HIRING_STAGES);
    expect(firstStage("experimentos" as PipelineType)).toBe("recebida");
  });

  it("a form's lead type is the kind its privacy declaration gives its leads", async () => {
    const privacy = import.meta.glob<{ kind: string }>("../../app/forms/*/privacy.server.ts", { eager: true, import: "default" });
    const kinds = Object.entries(privacy).map(([path, data]) => [path.split("/").at(-2), data.kind]);
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    const types = LEAD_FORMS.filter((form) => form.name in Object.fromEntries(kinds)).map((form) => [form.name, form.lead?.type]);
    expect(Object.fromEntries(types)).toEqual(Object.fromEntries(kinds));
  });
});
