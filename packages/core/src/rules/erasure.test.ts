import { describe, expect, it } from "vitest";
import { addYears, erasureDecision, programEndDay, retentionKeptUntil } from "./erasure.js";

const consented = { status: "CONSENTED", dateConsentGiven: "2026-01-10T10:00:00.000Z" };
const running = { endDate: null, endedAt: null, retentionYears: 25 };

describe("erasure rule", () => {
  it("refuses a consented patient's request while the program runs: withdrawal answers it", () => {
    expect(
      erasureDecision({ enrolment: consented, program: running, reason: "patient_request", today: "2026-03-09" }),
    ).toEqual({ allowed: false, refusal: "program_running" });
    // Withdrawn or not, the data collected under consent is the program's until its retention ends.
    expect(
      erasureDecision({
        enrolment: { status: "CONSENT_WITHDRAWN", dateConsentGiven: "2026-01-10T10:00:00.000Z" },
        program: running,
        reason: "patient_request",
        today: "2026-03-09",
      }),
    ).toMatchObject({ allowed: false, refusal: "program_running" });
  });

  it("allows erasure of someone who never consented, whatever the program's state", () => {
    for (const status of ["INVITE_SENT", "CONSENT_DECLINED", "INVITE_EXPIRED"])
      expect(
        erasureDecision({
          enrolment: { status, dateConsentGiven: null },
          program: running,
          reason: "patient_request",
          today: "2026-03-09",
        }),
      ).toEqual({ allowed: true, ground: "never_consented" });
  });

  it("allows erasure when the controller finds no legal ground to keep the data", () => {
    expect(
      erasureDecision({ enrolment: consented, program: running, reason: "no_legal_ground", today: "2026-03-09" }),
    ).toEqual({ allowed: true, ground: "no_legal_ground" });
  });

  it("keeps an ended program's data until its retention is over, to the day", () => {
    const ended = { endDate: "2020-06-30", endedAt: null, retentionYears: 5 };
    const decide = (today: string) =>
      erasureDecision({ enrolment: consented, program: ended, reason: "patient_request", today });
    expect(decide("2025-06-29")).toEqual({ allowed: false, refusal: "retention_running", keptUntil: "2025-06-30" });
    expect(decide("2025-06-30")).toEqual({ allowed: true, ground: "retention_over" });
    // Ended early by an admin: the day it was ended counts.
    expect(
      erasureDecision({
        enrolment: consented,
        program: { endDate: "2030-01-01", endedAt: "2021-02-03T09:00:00.000Z", retentionYears: 0 },
        reason: "patient_request",
        today: "2021-02-03",
      }),
    ).toEqual({ allowed: true, ground: "retention_over" });
  });

  it("reads the end day and adds years as calendars do", () => {
    expect(programEndDay({ endDate: "2026-12-31", endedAt: null }, "2026-03-09")).toBeNull();
    expect(programEndDay({ endDate: "2026-03-08", endedAt: null }, "2026-03-09")).toBe("2026-03-08");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYears("2020-06-30", 25)).toBe("2045-06-30");
  });

  it("keeps an ended program's data until its end day plus the retention years, and names no day while it runs", () => {
    expect(retentionKeptUntil({ endDate: null, endedAt: null, retentionYears: 25 }, "2026-03-09")).toBeNull();
    expect(retentionKeptUntil({ endDate: "2026-12-31", endedAt: null, retentionYears: 25 }, "2026-03-09")).toBeNull();
    expect(retentionKeptUntil({ endDate: "2026-03-08", endedAt: null, retentionYears: 10 }, "2026-03-09")).toBe(
      "2036-03-08",
    );
    expect(
      retentionKeptUntil(
        { endDate: "2030-01-01", endedAt: "2024-02-29T09:00:00.000Z", retentionYears: 1 },
        "2024-03-01",
      ),
    ).toBe("2025-02-28");
  });
});
