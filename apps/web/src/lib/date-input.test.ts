import { describe, expect, it } from "vitest";
import { dateOrder, formatDateInput, parseDateInput } from "./date-input";

describe("a date typed in the reader's own order", () => {
  const british = dateOrder("en-GB");
  const american = dateOrder("en-US");
  const swiss = dateOrder("de-CH");

  it("knows each locale's order and separator", () => {
    expect(british.pattern).toBe("DD/MM/YYYY");
    expect(american.pattern).toBe("MM/DD/YYYY");
    expect(swiss.pattern).toBe("DD.MM.YYYY");
  });

  it("shows YYYY-MM-DD as the locale writes it, and a half-typed text as it is", () => {
    expect(formatDateInput("2026-11-27", british)).toBe("27/11/2026");
    expect(formatDateInput("2026-11-27", american)).toBe("11/27/2026");
    expect(formatDateInput("2026-11-27", swiss)).toBe("27.11.2026");
    expect(formatDateInput("27/1", british)).toBe("27/1");
  });

  it("reads what was typed in that order, with any separator, or as YYYY-MM-DD", () => {
    expect(parseDateInput("27/11/2026", british)).toBe("2026-11-27");
    expect(parseDateInput(" 3.4.2026 ", british)).toBe("2026-04-03");
    expect(parseDateInput("4/3/2026", american)).toBe("2026-04-03");
    expect(parseDateInput("27 11 2026", swiss)).toBe("2026-11-27");
    expect(parseDateInput("2026-11-27", british)).toBe("2026-11-27");
  });

  it("refuses what is no real or no whole date", () => {
    expect(parseDateInput("31/02/2026", british)).toBeNull();
    expect(parseDateInput("11/27/2026", british)).toBeNull();
    expect(parseDateInput("27/11/26", british)).toBeNull();
    expect(parseDateInput("27/11", british)).toBeNull();
    expect(parseDateInput("2026-02-30", british)).toBeNull();
    expect(parseDateInput("", british)).toBeNull();
  });
});
