import { messages } from "../messages.js";

/** Patient identifier rules: what is accepted, how it is shown and stored. */

export const NHS_NUMBER_MAX_DIGITS = 11;
export const SCIENSUS_ID_PLACEHOLDER = "REF-********* OR UUID";
export const NHS_NUMBER_PLACEHOLDER = "--- --- ----";

const SCIENSUS_REF = /^REF-[0-9]{1,9}$/;
/** A Sciensus id in UUID form: 32 letters or digits grouped 8-4-4-4-12 (not only hexadecimal). */
const SCIENSUS_UUID = /^[0-9A-Za-z]{8}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{12}$/;

/** What is stored: NHS numbers without spaces, everything else trimmed. */
export const normalisePatientId = (type: string, value: string): string =>
  type === "nhs_number" ? value.replace(/\s+/g, "") : value.trim();

/** NHS numbers are typed and shown as 3-3-4 (the rest, up to 11 digits, after the last group). */
export const formatNhsNumber = (value: string): string => {
  const digits = value.replace(/\D/g, "").slice(0, NHS_NUMBER_MAX_DIGITS);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(" ");
};

export const maxPatientIdLength = (type: string): number =>
  type === "nhs_number" ? NHS_NUMBER_MAX_DIGITS : type === "sciensus_id" ? 36 : 64;

/** null when valid, else the message for the patient id field. */
export const patientIdProblem = (type: string, raw: string): string | null => {
  const value = normalisePatientId(type, raw);
  if (!value) return messages.patientIdRequired;
  if (type === "nhs_number") {
    if (!/^[0-9]+$/.test(value)) return messages.nhsNumberDigitsOnly;
    if (value.length > NHS_NUMBER_MAX_DIGITS) return messages.maxLength(NHS_NUMBER_MAX_DIGITS);
    return null;
  }
  if (type === "sciensus_id") {
    return SCIENSUS_REF.test(value) || SCIENSUS_UUID.test(value) ? null : messages.sciensusIdInvalid;
  }
  if (value.length > maxPatientIdLength(type)) return messages.maxLength(maxPatientIdLength(type));
  return null;
};
