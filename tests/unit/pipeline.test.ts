import { describe, expect, it } from "vitest";
import { CONSULTATION_STATUSES } from "~/lib/lead-fields";
import { ACCENTED_LETTERS, brasiliaDay, formatDay, isStage, nameWords, PLAIN_LETTERS, STAGE_OF_CONSULTATION_STATUS } from "~/lib/pipeline";

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
