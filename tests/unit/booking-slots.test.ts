/**
 * Free meeting times (app/domain/booking/slots.ts, docs/decisions/0080): hours, notice, horizon,
 * buffers, exceptions and the daily cap, in Brasília, and as visitors elsewhere read them.
 */
import { describe, expect, it } from "vitest";
import { easterSunday, nationalHoliday } from "~/domain/booking/holidays";
import { type Availability, type BusyRange, computeSlots, DEFAULT_WEEKLY_HOURS, occupiedRange } from "~/domain/booking/slots";
import { dayKey, formatSlot, formatTime } from "~/lib/booking";

const base: Availability = {
  timeZone: "America/Sao_Paulo",
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeHours: 24,
  horizonDays: 30,
  maxPerDay: null,
  exceptions: [],
};
const at = (iso: string) => new Date(iso);
const starts = (slots: Array<{ start: Date }>) => slots.map((s) => s.start.toISOString());
/** Monday 2026-11-30 12:00 UTC (09:00 in Brasília). */
const now = at("2026-11-30T12:00:00Z");
const busyAt = (startIso: string, a: Availability = base): BusyRange => {
  const start = at(startIso);
  const occupied = occupiedRange(start, a);
  return { startsAt: start, occupiedStart: occupied.start, occupiedEnd: occupied.end };
};

describe("weekly hours in Brasília", () => {
  it("offers Monday to Friday 9h–18h in 30-minute slots, as UTC instants", () => {
    const slots = computeSlots(base, [], { from: "2026-12-02", to: "2026-12-02", now });
    expect(slots).toHaveLength(18);
    expect(slots[0]!.start.toISOString()).toBe("2026-12-02T12:00:00.000Z");
    expect(slots.at(-1)!.start.toISOString()).toBe("2026-12-02T20:30:00.000Z");
    expect(slots.at(-1)!.end.toISOString()).toBe("2026-12-02T21:00:00.000Z");
  });

  it("offers nothing on weekends or outside the hours", () => {
    expect(computeSlots(base, [], { from: "2026-12-05", to: "2026-12-06", now })).toEqual([]);
    for (const s of computeSlots(base, [], { from: "2026-12-01", to: "2026-12-31", now })) {
      const hour = formatTime(s.start);
      expect(hour >= "09:00" && hour < "18:00").toBe(true);
      expect(formatTime(s.end) <= "18:00" || formatTime(s.end) === "18:00").toBe(true);
    }
  });

  it("uses 45- and 60-minute meetings that end by closing time", () => {
    const s45 = computeSlots({ ...base, durationMinutes: 45 }, [], { from: "2026-12-02", to: "2026-12-02", now });
    expect(s45.map((s) => formatTime(s.start))).toEqual([
      "09:00",
      "09:45",
      "10:30",
      "11:15",
      "12:00",
      "12:45",
      "13:30",
      "14:15",
      "15:00",
      "15:45",
      "16:30",
      "17:15",
    ]);
    const s60 = computeSlots({ ...base, durationMinutes: 60 }, [], { from: "2026-12-02", to: "2026-12-02", now });
    expect(s60).toHaveLength(9);
    expect(formatTime(s60.at(-1)!.end)).toBe("18:00");
  });
});

describe("never in the past, inside the notice or beyond the horizon", () => {
  it("starts at least the minimum notice after now", () => {
    const slots = computeSlots(base, [], { from: "2026-11-29", to: "2026-12-01", now });
    expect(slots.every((s) => s.start.getTime() >= now.getTime() + 24 * 3_600_000)).toBe(true);
    // Tuesday 09:00 is exactly 24 h after Monday 09:00: offered; Monday: nothing.
    expect(starts(slots)[0]).toBe("2026-12-01T12:00:00.000Z");
    expect(slots.some((s) => dayKey(s.start) === "2026-11-30")).toBe(false);
  });

  it("with no notice, never a slot before now", () => {
    const slots = computeSlots({ ...base, minNoticeHours: 0 }, [], {
      from: "2026-11-30",
      to: "2026-11-30",
      now: at("2026-11-30T15:10:00Z"),
    });
    expect(starts(slots)[0]).toBe("2026-11-30T15:30:00.000Z");
  });

  it("stops at the horizon", () => {
    const slots = computeSlots({ ...base, horizonDays: 7 }, [], { from: "2026-11-30", to: "2027-01-31", now });
    expect(slots.at(-1)!.start.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * 86_400_000);
    expect(dayKey(slots.at(-1)!.start)).toBe("2026-12-07");
  });

  it("a 60-day sweep has no slot in the past, the notice, a buffer, an exception or outside the hours", () => {
    const a: Availability = {
      ...base,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 15,
      horizonDays: 60,
      exceptions: [{ day: "2026-12-25", kind: "closed", hours: null }],
    };
    const busy = [busyAt("2026-12-03T14:00:00Z", a), busyAt("2026-12-10T17:00:00Z", a)];
    const slots = computeSlots(a, busy, { from: "2026-11-30", to: "2027-01-29", now });
    expect(slots.length).toBeGreaterThan(500);
    for (const s of slots) {
      expect(s.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + 24 * 3_600_000);
      expect(dayKey(s.start)).not.toBe("2026-12-25");
      const weekday = new Date(`${dayKey(s.start)}T12:00:00Z`).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
      const o = occupiedRange(s.start, a);
      for (const b of busy) expect(o.end <= b.occupiedStart || o.start >= b.occupiedEnd).toBe(true);
    }
  });
});

describe("buffers, exceptions and the daily cap", () => {
  it("keeps the buffers around a booking free", () => {
    const a = { ...base, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    // A booking Wednesday 11:00–11:30 occupies 10:45–11:45.
    const slots = computeSlots(a, [busyAt("2026-12-02T14:00:00Z", a)], { from: "2026-12-02", to: "2026-12-02", now });
    const times = slots.map((s) => formatTime(s.start));
    // 10:00 occupies 9:45–10:45: touches, allowed. 10:30 (10:15–11:15) and 11:30 (11:15–12:15) overlap.
    expect(times).toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).not.toContain("11:00");
    expect(times).not.toContain("11:30");
    expect(times).toContain("12:00");
  });

  it("closes an exception day and opens an extra one with its own hours", () => {
    const a: Availability = {
      ...base,
      exceptions: [
        { day: "2026-12-02", kind: "closed", hours: null },
        { day: "2026-12-05", kind: "open", hours: [["10:00", "12:00"]] },
      ],
    };
    const slots = computeSlots(a, [], { from: "2026-12-02", to: "2026-12-05", now });
    expect(slots.some((s) => dayKey(s.start) === "2026-12-02")).toBe(false);
    expect(slots.filter((s) => dayKey(s.start) === "2026-12-05").map((s) => formatTime(s.start))).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
  });

  it("closes Brazil's national holidays by default (Christmas, Good Friday), and the admin reopens one with an exception", () => {
    const brazil: Availability = { ...base, closesNationalHolidays: true };
    const christmas = computeSlots(brazil, [], { from: "2026-12-24", to: "2026-12-28", now: at("2026-12-20T12:00:00Z") });
    expect([...new Set(christmas.map((s) => dayKey(s.start)))]).toEqual(["2026-12-24", "2026-12-28"]);
    // Easter 2027 is 28 March: Good Friday 26 March closed, the Thursday before open.
    const easter = computeSlots({ ...brazil, horizonDays: 60 }, [], {
      from: "2027-03-25",
      to: "2027-03-26",
      now: at("2027-03-20T12:00:00Z"),
    });
    expect([...new Set(easter.map((s) => dayKey(s.start)))]).toEqual(["2027-03-25"]);
    const reopened: Availability = { ...brazil, exceptions: [{ day: "2026-12-25", kind: "open", hours: [["09:00", "10:00"]] }] };
    const slots = computeSlots(reopened, [], { from: "2026-12-25", to: "2026-12-25", now: at("2026-12-20T12:00:00Z") });
    expect(slots.map((s) => formatTime(s.start))).toEqual(["09:00", "09:30"]);
    // Without the setting (a business elsewhere), Christmas is an ordinary Friday.
    expect(computeSlots(base, [], { from: "2026-12-25", to: "2026-12-25", now: at("2026-12-20T12:00:00Z") })).toHaveLength(18);
  });

  it("knows the holidays of a year: the fixed dates and Good Friday, not Carnival nor Corpus Christi", () => {
    expect(nationalHoliday("2026-11-20")).toBe("Dia Nacional de Zumbi e da Consciência Negra");
    expect(nationalHoliday("2026-04-03")).toBe("Sexta-feira da Paixão");
    expect(nationalHoliday("2026-02-17")).toBeNull();
    expect(nationalHoliday("2026-06-04")).toBeNull();
    expect(nationalHoliday("2026-12-31")).toBeNull();
    expect(easterSunday(2026)).toEqual([4, 5]);
    expect(easterSunday(2027)).toEqual([3, 28]);
    expect(easterSunday(2030)).toEqual([4, 21]);
  });

  it("offers nothing on a day that reached its cap", () => {
    const a = { ...base, maxPerDay: 2 };
    const one = [busyAt("2026-12-02T12:00:00Z")];
    expect(computeSlots(a, one, { from: "2026-12-02", to: "2026-12-02", now }).length).toBe(17);
    const two = [...one, busyAt("2026-12-02T18:00:00Z")];
    expect(computeSlots(a, two, { from: "2026-12-02", to: "2026-12-03", now }).every((s) => dayKey(s.start) === "2026-12-03")).toBe(true);
  });
});

describe("visitors in other zones", () => {
  const day = (from: string, to = from) => computeSlots(base, [], { from, to, now });

  it("Lisbon reads 09:00 in Brasília as 12:00 in winter and 13:00 in summer (Lisbon's DST)", () => {
    const friday = computeSlots({ ...base, horizonDays: 200 }, [], { from: "2027-03-26", to: "2027-03-26", now })[0]!;
    const monday = computeSlots({ ...base, horizonDays: 200 }, [], { from: "2027-03-29", to: "2027-03-29", now })[0]!;
    expect(formatTime(friday.start, "Europe/Lisbon")).toBe("12:00");
    expect(formatTime(monday.start, "Europe/Lisbon")).toBe("13:00");
    expect(formatTime(monday.start)).toBe("09:00");
  });

  it("Manaus reads 09:00 in Brasília as 08:00 the same day", () => {
    const first = day("2026-12-02")[0]!;
    expect(formatTime(first.start, "America/Manaus")).toBe("08:00");
    expect(dayKey(first.start, "America/Manaus")).toBe("2026-12-02");
    expect(formatSlot(first.start, "America/Manaus")).toBe("quarta-feira, 2 de dezembro de 2026, às 08:00");
  });

  it("a late slot in Brasília is the next day in Lisbon (day boundary)", () => {
    const a: Availability = { ...base, exceptions: [{ day: "2026-12-04", kind: "open", hours: [["20:00", "22:00"]] }] };
    const slots = computeSlots(a, [], { from: "2026-12-04", to: "2026-12-04", now });
    expect(slots.map((s) => dayKey(s.start))).toEqual(["2026-12-04", "2026-12-04", "2026-12-04", "2026-12-04"]);
    expect(slots.map((s) => dayKey(s.start, "Europe/Lisbon"))).toEqual(["2026-12-04", "2026-12-04", "2026-12-05", "2026-12-05"]);
    expect(formatTime(slots[2]!.start, "Europe/Lisbon")).toBe("00:00");
  });

  it("the query's days are Brasília days, whatever the server's zone", () => {
    // 2026-12-02 in Brasília runs from 03:00 UTC to 03:00 UTC the next day.
    const slots = computeSlots({ ...base, weeklyHours: { "3": [["00:00", "24:00"]] } }, [], { from: "2026-12-02", to: "2026-12-02", now });
    expect(slots[0]!.start.toISOString()).toBe("2026-12-02T03:00:00.000Z");
    expect(slots.at(-1)!.end.toISOString()).toBe("2026-12-03T03:00:00.000Z");
    expect(slots).toHaveLength(48);
  });
});

describe("a business zone with daylight saving time", () => {
  const ny: Availability = { ...base, timeZone: "America/New_York", horizonDays: 60 };
  const early = at("2026-10-20T12:00:00Z");

  it("keeps 9:00 local on both sides of the change (13:00 UTC before, 14:00 UTC after)", () => {
    const before = computeSlots(ny, [], { from: "2026-10-30", to: "2026-10-30", now: early })[0]!;
    const after = computeSlots(ny, [], { from: "2026-11-02", to: "2026-11-02", now: early })[0]!;
    expect(before.start.toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(after.start.toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });

  it("on the night the clocks fall back, an 00:00–03:00 range is 3 wall-clock hours, 4 real ones, and slots step by wall-clock", () => {
    const a = { ...ny, weeklyHours: { "7": [["00:00", "03:00"]] as Array<[string, string]> } };
    const slots = computeSlots(a, [], { from: "2026-11-01", to: "2026-11-01", now: early });
    expect(slots.map((s) => formatTime(s.start, "America/New_York"))[0]).toBe("00:00");
    expect(slots.at(-1)!.end.toISOString()).toBe("2026-11-01T08:00:00.000Z");
    // No two slots overlap, even around the repeated hour.
    for (let i = 1; i < slots.length; i++)
      expect(slots[i]!.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.end.getTime() - 60 * 60_000);
  });

  it("on the night the clocks spring forward, the missing hour offers nothing twice", () => {
    const a = { ...ny, weeklyHours: { "7": [["01:00", "04:00"]] as Array<[string, string]> } };
    const slots = computeSlots(a, [], { from: "2027-03-14", to: "2027-03-14", now: at("2027-03-01T12:00:00Z") });
    const instants = starts(slots);
    expect(new Set(instants).size).toBe(instants.length);
    expect(slots.every((s) => s.end > s.start)).toBe(true);
  });
});
