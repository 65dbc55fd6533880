import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCompact, formatCount, formatDateTime, formatDay } from "./format";

const asReader = (language: string) => vi.spyOn(navigator, "language", "get").mockReturnValue(language);

describe("one date format per locale", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a British reader day/month/year, dates and instants alike", () => {
    asReader("en-GB");
    expect(formatDay("2026-11-27")).toBe("27/11/2026");
    expect(formatDay("2026-03-01T23:30:00.000Z")).toBe("01/03/2026");
    expect(formatDateTime("2026-11-27T14:05:00.000Z")).toMatch(/^27\/11\/2026, \d{2}:05$/);
  });

  it("shows an American reader month/day/year", () => {
    asReader("en-US");
    expect(formatDay("2026-11-27")).toBe("11/27/2026");
    expect(formatDateTime("2026-11-27T14:05:00.000Z")).toMatch(/^11\/27\/2026, /);
  });

  it("shows a Swiss reader the dotted form", () => {
    asReader("de-CH");
    expect(formatDay("2026-11-27")).toBe("27.11.2026");
  });

  it("shows nothing for a missing or malformed value", () => {
    expect(formatDay(null)).toBe("");
    expect(formatDay("27/11/2026")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("numbers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("groups thousands in a total and shortens an axis label", () => {
    asReader("en-GB");
    expect(formatCount(522071)).toBe("522,071");
    // CLDR's British abbreviation is "k" in some ICU versions, "K" in others.
    expect(formatCompact(10000)).toMatch(/^10k$/i);
    expect(formatCompact(1500)).toMatch(/^1\.5k$/i);
  });
});
