import { messages } from "../messages.js";
import type { Territory } from "./programs.js";

/**
 * Patient identifier rules: what is accepted, how it is shown and stored. Identifiers are checked
 * as their issuers define them (check digits included): a mistyped digit would otherwise file one
 * patient's reports under another's number in the hospital's record. Stricter than document 2's
 * "digits only, max 11" on purpose (docs/decisions.md, "Patient identifiers checked as issued").
 */

/** An NHS number is exactly 10 digits, the last a modulus-11 check digit (NHS Data Dictionary). */
export const NHS_NUMBER_DIGITS = 10;
export const SCIENSUS_ID_PLACEHOLDER = "REF-********* OR UUID";
export const NHS_NUMBER_PLACEHOLDER = "--- --- ----";
export const AHV_NUMBER_PLACEHOLDER = "756.----.----.--";
export const US_SSN_PLACEHOLDER = "---------";

const SCIENSUS_REF = /^REF-[0-9]{1,9}$/;
/** A Sciensus id in UUID form: 32 letters or digits grouped 8-4-4-4-12 (not only hexadecimal). */
const SCIENSUS_UUID = /^[0-9A-Za-z]{8}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{12}$/;
/** Separators people type inside numeric identifiers: "943 476 5919", "756.1234.5678.97", "123-45-6789". */
const NUMERIC_ID_SEPARATORS = /[\s.-]+/g;
const ONLY_DIGITS_AND_SEPARATORS = /^[0-9\s.-]+$/;

/**
 * NHS number check digit: the first nine digits weighted 10 down to 2, the sum's remainder
 * modulo 11 taken from 11; 11 means 0 and 10 means the number was never issued.
 */
export const nhsNumberCheckDigit = (firstNine: string): number | null => {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(firstNine[i]) * (10 - i);
  const check = 11 - (sum % 11);
  return check === 10 ? null : check === 11 ? 0 : check;
};

export const isValidNhsNumber = (digits: string): boolean =>
  /^[0-9]{10}$/.test(digits) && nhsNumberCheckDigit(digits) === Number(digits[9]);

/**
 * Swiss AHV/AVS number (since 2008): 756 (the country), 9 digits, an EAN-13 check digit
 * (digits weighted 1, 3, 1, 3… from the left; the check makes the sum a multiple of 10).
 */
export const isValidAhvNumber = (digits: string): boolean => {
  if (!/^756[0-9]{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
};

/**
 * US Social Security Number, as the SSA issues them: 9 digits; no area 000, 666 or 900–999,
 * no group 00, no serial 0000. (There is no check digit.)
 */
export const isValidUsSsn = (digits: string): boolean => {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return (
    area !== "000" && area !== "666" && area[0] !== "9" && digits.slice(3, 5) !== "00" && digits.slice(5) !== "0000"
  );
};

/** Which issuer's rule a "Social Security Number" follows in a program's territory (none known: null). */
const socialSecurityRule = (territory: Territory | undefined) =>
  territory === "US" ? "us_ssn" : territory === "CH" ? "ahv" : territory === undefined ? "any" : null;

/**
 * What is stored: NHS numbers and numeric social security numbers as their digits alone
 * ("943 476 5919" → "9434765919", "756.1234.5678.97" → "7561234567897"); everything else trimmed.
 */
export const normalisePatientId = (type: string, value: string): string => {
  if (type === "nhs_number") return value.replace(/\s+/g, "");
  if (type === "social_security_number" && ONLY_DIGITS_AND_SEPARATORS.test(value.trim()))
    return value.replace(NUMERIC_ID_SEPARATORS, "");
  return value.trim();
};

/** NHS numbers are typed and shown as 3-3-4. */
export const formatNhsNumber = (value: string): string => {
  const digits = value.replace(/\D/g, "").slice(0, NHS_NUMBER_DIGITS);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(" ");
};

export const maxPatientIdLength = (type: string): number =>
  type === "nhs_number" ? NHS_NUMBER_DIGITS : type === "sciensus_id" ? 36 : 64;

/**
 * null when valid, else the message for the patient id field. `territory` is the program's: a
 * "Social Security Number" is a US SSN in a US program and an AHV number in a Swiss one. Without
 * it (the contract's schema, before the program is known) a numeric social security number must
 * be a valid one of either kind, and the service checks again with the program's territory.
 */
export const patientIdProblem = (type: string, raw: string, territory?: Territory): string | null => {
  const value = normalisePatientId(type, raw);
  if (!value) return messages.patientIdRequired;
  if (type === "nhs_number") {
    if (!/^[0-9]+$/.test(value)) return messages.nhsNumberDigitsOnly;
    if (value.length !== NHS_NUMBER_DIGITS) return messages.nhsNumberLength;
    return isValidNhsNumber(value) ? null : messages.nhsNumberCheckDigit;
  }
  if (type === "sciensus_id") {
    return SCIENSUS_REF.test(value) || SCIENSUS_UUID.test(value) ? null : messages.sciensusIdInvalid;
  }
  if (type === "social_security_number") {
    const rule = socialSecurityRule(territory);
    if (rule === "us_ssn") return isValidUsSsn(value) ? null : messages.usSsnInvalid;
    if (rule === "ahv") return isValidAhvNumber(value) ? null : messages.ahvNumberInvalid;
    if (rule === "any" && /^[0-9]+$/.test(value) && !isValidUsSsn(value) && !isValidAhvNumber(value))
      return value.startsWith("756") ? messages.ahvNumberInvalid : messages.usSsnInvalid;
  }
  if (value.length > maxPatientIdLength(type)) return messages.maxLength(maxPatientIdLength(type));
  return null;
};

/** The placeholder the identifier field shows for a type in a program's territory. */
export const patientIdPlaceholder = (type: string, territory?: Territory): string | undefined =>
  type === "nhs_number"
    ? NHS_NUMBER_PLACEHOLDER
    : type === "sciensus_id"
      ? SCIENSUS_ID_PLACEHOLDER
      : type === "social_security_number" && territory === "CH"
        ? AHV_NUMBER_PLACEHOLDER
        : type === "social_security_number" && territory === "US"
          ? US_SSN_PLACEHOLDER
          : undefined;
