/**
 * Brazil's national holidays (docs/decisions/0119): closed for meetings unless the admin opens the
 * day with an exception of its own. The fixed dates of Lei 662/1949 (as amended by Leis 6.802/1980
 * and 14.759/2023) and Good Friday, which moves with Easter. Carnival and Corpus Christi are
 * optional days off (ponto facultativo), not holidays: the admin closes them if the team rests.
 */
const FIXED: ReadonlyArray<readonly [month: number, day: number, name: string]> = [
  [1, 1, "Confraternização Universal"],
  [4, 21, "Tiradentes"],
  [5, 1, "Dia do Trabalho"],
  [9, 7, "Independência do Brasil"],
  [10, 12, "Nossa Senhora Aparecida"],
  [11, 2, "Finados"],
  [11, 15, "Proclamação da República"],
  [11, 20, "Dia Nacional de Zumbi e da Consciência Negra"],
  [12, 25, "Natal"],
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** The national holiday falling on a day (YYYY-MM-DD), or null. */
export function nationalHoliday(day: string): string | null {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return null;
  const fixed = FIXED.find(([m, d]) => m === month && d === date);
  if (fixed) return fixed[2];
  const [em, ed] = easterSunday(year);
  const goodFriday = new Date(Date.UTC(year, em - 1, ed - 2));
  if (goodFriday.getUTCMonth() + 1 === month && goodFriday.getUTCDate() === date) return "Sexta-feira da Paixão";
  return null;
}
