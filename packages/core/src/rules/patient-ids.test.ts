import { describe, expect, it } from "vitest";
import { createPatientBody } from "../api/patients.js";
import { messages } from "../messages.js";
import {
  isValidAhvNumber,
  isValidNhsNumber,
  isValidUsSsn,
  normalisePatientId,
  patientIdProblem,
} from "./patient-ids.js";

describe("NHS numbers: 10 digits, modulus-11 check digit", () => {
  it("accepts a number whose check digit matches (worked: 943 476 591 → 9)", () => {
    // 9×10 + 4×9 + 3×8 + 4×7 + 7×6 + 6×5 + 5×4 + 9×3 + 1×2 = 299; 299 mod 11 = 2; 11 − 2 = 9.
    expect(isValidNhsNumber("9434765919")).toBe(true);
    // 4×10 + 0 + 1×8 + 0 + 2×6 + 3×5 + 2×4 + 1×3 + 3×2 = 92; 92 mod 11 = 4; 11 − 4 = 7.
    expect(isValidNhsNumber("4010232137")).toBe(true);
    expect(patientIdProblem("nhs_number", "943 476 5919")).toBeNull();
  });

  it("refuses a wrong check digit, one that would be 10, and any length but 10", () => {
    expect(isValidNhsNumber("9434765918")).toBe(false);
    // 1×10 + 2×9 + … + 9×2 = 210; 210 mod 11 = 1; 11 − 1 = 10: never issued.
    expect(isValidNhsNumber("1234567890")).toBe(false);
    expect(patientIdProblem("nhs_number", "123 456 7890")).toBe(messages.nhsNumberCheckDigit);
    expect(patientIdProblem("nhs_number", "12345")).toBe(messages.nhsNumberLength);
    expect(patientIdProblem("nhs_number", "94347659190")).toBe(messages.nhsNumberLength);
    expect(patientIdProblem("nhs_number", "943-476-5919")).toBe(messages.nhsNumberDigitsOnly);
  });

  it("a check digit of 11 is written 0", () => {
    // 0×10 + … + 0×2 = 0; 0 mod 11 = 0; 11 − 0 = 11 → 0.
    expect(isValidNhsNumber("0000000000")).toBe(true);
    expect(isValidNhsNumber("0000000001")).toBe(false);
  });

  it("is stored as its digits", () => {
    expect(normalisePatientId("nhs_number", " 943 476 5919 ")).toBe("9434765919");
  });
});

describe("Swiss AHV numbers: 756, 13 digits, EAN-13 check digit (Swiss programs)", () => {
  it("accepts 756.1234.5678.97 (worked: 7+15+6+3+2+9+4+15+6+21+8+27 = 123 → 10 − 3 = 7)", () => {
    expect(isValidAhvNumber("7561234567897")).toBe(true);
    expect(isValidAhvNumber("7569217076985")).toBe(true);
    expect(patientIdProblem("social_security_number", "756.1234.5678.97", "CH")).toBeNull();
    expect(normalisePatientId("social_security_number", "756.1234.5678.97")).toBe("7561234567897");
  });

  it("refuses a wrong check digit, another country's prefix and a wrong length", () => {
    expect(patientIdProblem("social_security_number", "756.1234.5678.98", "CH")).toBe(messages.ahvNumberInvalid);
    expect(isValidAhvNumber("7571234567896")).toBe(false);
    expect(isValidAhvNumber("756123456789")).toBe(false);
    // A US SSN is not an AHV number in a Swiss program.
    expect(patientIdProblem("social_security_number", "123-45-6789", "CH")).toBe(messages.ahvNumberInvalid);
  });
});

describe("US Social Security Numbers: the SSA's format rules (US programs)", () => {
  it("accepts 123-45-6789, stored as 123456789", () => {
    expect(isValidUsSsn("123456789")).toBe(true);
    expect(patientIdProblem("social_security_number", "123-45-6789", "US")).toBeNull();
    expect(normalisePatientId("social_security_number", "123-45-6789")).toBe("123456789");
  });

  it("refuses area 000, 666 and 9xx, group 00, serial 0000 and any length but 9", () => {
    for (const ssn of [
      "000-12-3456",
      "666-12-3456",
      "900-12-3456",
      "999-12-3456",
      "123-00-4567",
      "123-45-0000",
      "12345678",
    ])
      expect(patientIdProblem("social_security_number", ssn, "US"), ssn).toBe(messages.usSsnInvalid);
    expect(patientIdProblem("social_security_number", "756.1234.5678.97", "US")).toBe(messages.usSsnInvalid);
  });
});

describe("the contract's schema, before the program's territory is known", () => {
  const body = (patientIdType: string, patientId: string) => ({
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@patients.test",
    patientIdType,
    patientId,
    projectId: "6f1c1b9e-8a3e-4f55-9a57-3f0c2d8e8a10",
  });
  const problems = (patientIdType: string, patientId: string) => {
    const parsed = createPatientBody.safeParse(body(patientIdType, patientId));
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  };

  it("refuses a bad NHS number on the identifier field", () => {
    expect(problems("nhs_number", "123 456 7890")).toEqual([
      { path: "patientId", message: messages.nhsNumberCheckDigit },
    ]);
    expect(problems("nhs_number", "943 476 5919")).toEqual([]);
  });

  it("takes a numeric social security number that is a valid SSN or AHV number, and no other", () => {
    expect(problems("social_security_number", "123-45-6789")).toEqual([]);
    expect(problems("social_security_number", "756.1234.5678.97")).toEqual([]);
    expect(problems("social_security_number", "666-12-3456")).toEqual([
      { path: "patientId", message: messages.usSsnInvalid },
    ]);
    expect(problems("social_security_number", "756.1234.5678.90")).toEqual([
      { path: "patientId", message: messages.ahvNumberInvalid },
    ]);
  });

  it("keeps the spec's Sciensus id rule", () => {
    expect(problems("sciensus_id", "REF-123456789")).toEqual([]);
    expect(problems("sciensus_id", "REF-1234567890")).toEqual([
      { path: "patientId", message: messages.sciensusIdInvalid },
    ]);
  });
});
