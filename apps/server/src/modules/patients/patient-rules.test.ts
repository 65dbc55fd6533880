import {
  formatNhsNumber,
  isValidNhsNumber,
  mergeStatusHistory,
  NHS_NUMBER_DIGITS,
  normalisePatientId,
  patientIdProblem,
  patientStatuses,
  type StatusEntry,
  type VerificationEntry,
  verificationStatuses,
} from "@openpro/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const at = (iso: string) => new Date(iso).toISOString();

describe("mergeStatusHistory: the status history of an enrolment row", () => {
  const statuses: StatusEntry[] = [
    { status: "INVITE_SENT", date: at("2026-03-01T09:00:00Z") },
    { status: "STATUS_UNCONFIRMED", date: at("2026-03-02T09:00:00Z") },
    { status: "CONSENTED", date: at("2026-03-03T09:00:00Z") },
  ];
  const verifications: VerificationEntry[] = [
    { verificationStatus: "N_A", dateUpdated: at("2026-03-01T09:00:00Z") },
    { verificationStatus: "AWAITING_VERIFICATION", dateUpdated: at("2026-03-03T09:00:00Z") },
    { verificationStatus: "DECLINED", dateUpdated: at("2026-03-04T09:00:00Z") },
    { verificationStatus: "VERIFIED", dateUpdated: at("2026-03-05T09:00:00Z") },
  ];

  it("hides N_A, shifts awaiting and declined by one second, newest first", () => {
    expect(mergeStatusHistory(statuses, verifications, false)).toEqual([
      { kind: "verification", value: "VERIFIED", date: at("2026-03-05T09:00:00Z") },
      { kind: "verification", value: "DECLINED", date: at("2026-03-04T09:00:01Z") },
      { kind: "verification", value: "AWAITING_VERIFICATION", date: at("2026-03-03T09:00:01Z") },
      { kind: "status", value: "CONSENTED", date: at("2026-03-03T09:00:00Z") },
      { kind: "status", value: "STATUS_UNCONFIRMED", date: at("2026-03-02T09:00:00Z") },
      { kind: "status", value: "INVITE_SENT", date: at("2026-03-01T09:00:00Z") },
    ]);
  });

  it("leaves verification out of private programs", () => {
    expect(mergeStatusHistory(statuses, verifications, true).map((i) => i.value)).toEqual([
      "CONSENTED",
      "STATUS_UNCONFIRMED",
      "INVITE_SENT",
    ]);
  });

  it("keeps the later-recorded of two entries at the same instant first", () => {
    const same = at("2026-03-03T09:00:00Z");
    const merged = mergeStatusHistory(
      [
        { status: "INVITE_EXPIRED", date: same },
        { status: "INVITE_SENT", date: same },
      ],
      [],
      false,
    );
    expect(merged.map((i) => i.value)).toEqual(["INVITE_SENT", "INVITE_EXPIRED"]);
  });

  const instant = fc
    .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
    .map((ms) => new Date(ms).toISOString());
  const statusEntry = fc.record({ status: fc.constantFrom(...patientStatuses), date: instant });
  const verificationEntry = fc.record({
    verificationStatus: fc.constantFrom(...verificationStatuses),
    dateUpdated: instant,
  });

  it("has one item per status and per non-N_A verification, sorted newest first (property)", () => {
    fc.assert(
      fc.property(fc.array(statusEntry), fc.array(verificationEntry), fc.boolean(), (s, v, isPrivate) => {
        const merged = mergeStatusHistory(s, v, isPrivate);
        const shown = isPrivate ? 0 : v.filter((e) => e.verificationStatus !== "N_A").length;
        expect(merged).toHaveLength(s.length + shown);
        expect(merged.some((i) => i.value === "N_A")).toBe(false);
        for (let i = 1; i < merged.length; i++) {
          expect(new Date(merged[i - 1]!.date).getTime()).toBeGreaterThanOrEqual(new Date(merged[i]!.date).getTime());
        }
      }),
    );
  });
});

describe("patient identifiers", () => {
  it("strips the spaces of an NHS number and trims other identifiers", () => {
    expect(normalisePatientId("nhs_number", " 943 476 5919 ")).toBe("9434765919");
    expect(normalisePatientId("sciensus_id", "  REF-12 ")).toBe("REF-12");
    expect(normalisePatientId("other", " A 1 ")).toBe("A 1");
  });

  it("shows NHS numbers grouped 3-3-4 and stops at 10 digits", () => {
    expect(formatNhsNumber("9434765919")).toBe("943 476 5919");
    expect(formatNhsNumber("94347")).toBe("943 47");
    expect(formatNhsNumber("943-476-59199999")).toBe("943 476 5919");
    expect(formatNhsNumber("")).toBe("");
  });

  it("accepts and refuses what the new-patient form does", () => {
    expect(patientIdProblem("nhs_number", "943 476 5919")).toBeNull();
    expect(patientIdProblem("nhs_number", "94347659191")).toBe("An NHS number has exactly 10 digits");
    expect(patientIdProblem("nhs_number", "943 476 5918")).toBe(
      "This is not a valid NHS number: its last digit does not match the others. Please check it against the patient's record",
    );
    expect(patientIdProblem("nhs_number", "94a")).toBe("An NHS number has digits only");
    expect(patientIdProblem("nhs_number", "  ")).toBe("Please enter patient's id");
    expect(patientIdProblem("sciensus_id", "REF-123456789")).toBeNull();
    expect(patientIdProblem("sciensus_id", "REF-1")).toBeNull();
    expect(patientIdProblem("sciensus_id", "0f8fad5b-d9cb-469f-a165-70867728950e")).toBeNull();
    expect(patientIdProblem("sciensus_id", "REF-1234567890")).not.toBeNull();
    expect(patientIdProblem("sciensus_id", "ABC")).not.toBeNull();
    expect(patientIdProblem("sciensus_id", "REF-")).not.toBeNull();
    expect(patientIdProblem("other", "x".repeat(64))).toBeNull();
    expect(patientIdProblem("other", "x".repeat(65))).toBe("Max length is 64 characters.");
    // Sciensus UUID-form ids are 32 letters or digits grouped 8-4-4-4-12, not only hexadecimal.
    expect(patientIdProblem("sciensus_id", "SCNS2026-AB12-CD34-EF56-GH78IJ90KL12")).toBeNull();
    expect(patientIdProblem("sciensus_id", "SCNS2026-AB12-CD34-EF56-GH78IJ90KL1")).not.toBeNull();
    expect(patientIdProblem("sciensus_id", "SCNS2026_AB12-CD34-EF56-GH78IJ90KL12")).not.toBeNull();
  });

  it("never formats more than 10 digits, and keeps the digits it shows in order (property)", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = formatNhsNumber(typed);
        const digits = shown.replace(/ /g, "");
        expect(digits.length).toBeLessThanOrEqual(NHS_NUMBER_DIGITS);
        expect(/^[0-9]*$/.test(digits)).toBe(true);
        expect(typed.replace(/\D/g, "").startsWith(digits)).toBe(true);
        // Formatting what is shown again changes nothing.
        expect(formatNhsNumber(shown)).toBe(shown);
      }),
    );
  });

  it("stores NHS numbers without any space, and a formatted number keeps its verdict (property)", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(normalisePatientId("nhs_number", typed)).not.toMatch(/\s/);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (digits) => {
        const shown = formatNhsNumber(digits);
        expect(normalisePatientId("nhs_number", shown)).toBe(digits);
        expect(patientIdProblem("nhs_number", shown) === null).toBe(isValidNhsNumber(digits));
      }),
    );
  });
});
