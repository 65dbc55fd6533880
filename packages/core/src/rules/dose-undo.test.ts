import { describe, expect, it } from "vitest";
import { doseUndoable } from "./dose-undo.js";

describe("doseUndoable", () => {
  it("takes a dose back on the patient's day it was taken, never on a later day", () => {
    const dose = { localDate: "2026-11-27", utcOffsetMinutes: 0 };
    expect(doseUndoable(dose, new Date("2026-11-27T08:00:00Z"))).toBe(true);
    expect(doseUndoable(dose, new Date("2026-11-27T23:59:00Z"))).toBe(true);
    expect(doseUndoable(dose, new Date("2026-11-28T00:00:00Z"))).toBe(false);
  });

  it("reads the day where the patient is: 23:30 in New York is still that day, whatever UTC says", () => {
    // Taken at 22:00 on 27 November in New York (UTC−5): 03:00 UTC on the 28th.
    const dose = { localDate: "2026-11-27", utcOffsetMinutes: -300 };
    expect(doseUndoable(dose, new Date("2026-11-28T04:30:00Z"))).toBe(true);
    expect(doseUndoable(dose, new Date("2026-11-28T05:00:00Z"))).toBe(false);
  });
});
