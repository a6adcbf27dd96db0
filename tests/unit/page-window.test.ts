import { describe, expect, it } from "vitest";
import { pageWindow } from "~/lib/page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("shows the first, the last and two pages each side of the current one, with gaps", () => {
    expect(pageWindow(1, 2001)).toEqual([1, 2, 3, null, 2001]);
    expect(pageWindow(50, 2001)).toEqual([1, null, 48, 49, 50, 51, 52, null, 2001]);
    expect(pageWindow(2001, 2001)).toEqual([1, null, 1999, 2000, 2001]);
  });
  it("fills a gap of one page with that page", () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
