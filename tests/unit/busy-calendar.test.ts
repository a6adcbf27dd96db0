/**
 * The owner's calendar read as busy time (docs/decisions/0144), without the app: a TZID with no
 * VTIMEZONE is read by its IANA name, EXDATE and cancelled events free their time, a daily series
 * since 1990 with no end stops at the window, the stored copy keeps no title; and the outbound
 * guard's address check.
 */
import { describe, expect, it } from "vitest";
import { busyIntervals, minimiseCalendar } from "~/domain/booking/ical-busy.server";
import { isPrivateAddress } from "~/infra/outbound.server";

const calendar = (...events: string[][]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//t//t//PT",
    ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
const window = { from: new Date("2026-12-01T00:00:00Z"), to: new Date("2026-12-20T00:00:00Z"), businessZone: "America/Sao_Paulo" };

describe("busy intervals of an iCalendar file", () => {
  it("reads a TZID with no VTIMEZONE by its IANA name, across New York's DST change", () => {
    // Weekly since October (EDT, UTC−4); in December New York is on EST (UTC−5).
    const text = calendar([
      "UID:ny@t",
      "DTSTART;TZID=America/New_York:20261005T100000",
      "DTEND;TZID=America/New_York:20261005T103000",
      "RRULE:FREQ=WEEKLY",
    ]);
    expect(busyIntervals(text, window)).toEqual([
      ["2026-12-07T15:00:00.000Z", "2026-12-07T15:30:00.000Z"],
      ["2026-12-14T15:00:00.000Z", "2026-12-14T15:30:00.000Z"],
    ]);
  });

  it("frees EXDATE occurrences, cancelled and transparent events", () => {
    const text = calendar(
      ["UID:a@t", "DTSTART:20261207T120000Z", "DTEND:20261207T130000Z", "RRULE:FREQ=WEEKLY", "EXDATE:20261214T120000Z"],
      ["UID:b@t", "DTSTART:20261208T120000Z", "DTEND:20261208T130000Z", "STATUS:CANCELLED"],
      ["UID:c@t", "DTSTART:20261209T120000Z", "DTEND:20261209T130000Z", "TRANSP:TRANSPARENT"],
    );
    expect(busyIntervals(text, window)).toEqual([["2026-12-07T12:00:00.000Z", "2026-12-07T13:00:00.000Z"]]);
  });

  it("stops a daily series with no end at the window, and a floating time is the owner's", () => {
    const text = calendar(["UID:d@t", "DTSTART:19900101T090000", "DTEND:19900101T091500", "RRULE:FREQ=DAILY"]);
    const busy = busyIntervals(text, window);
    expect(busy).toHaveLength(19);
    expect(busy[0]).toEqual(["2026-12-01T12:00:00.000Z", "2026-12-01T12:15:00.000Z"]);
  });

  it("keeps times, not titles, guests or alarms, in the stored copy", () => {
    const text = calendar([
      "UID:e@t",
      "SUMMARY:Consulta particular",
      "DESCRIPTION:notas",
      "ATTENDEE:mailto:alguem@exemplo.com",
      "DTSTART:20261207T120000Z",
      "DTEND:20261207T130000Z",
    ]);
    const copy = minimiseCalendar(text);
    expect(copy).not.toMatch(/SUMMARY|DESCRIPTION|ATTENDEE|alguem/);
    expect(busyIntervals(copy, window)).toEqual(busyIntervals(text, window));
    expect(() => minimiseCalendar("<html>não é um calendário</html>")).toThrow();
  });
});

describe("the outbound guard", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.20.0.1", true],
    ["192.168.0.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["::1", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["8.8.8.8", false],
    ["142.250.0.1", false],
    ["2607:f8b0::1", false],
  ])("%s is private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
