/** Patient identifier rules (doc 2 §5): what is accepted, how it is shown and stored. */

export const NHS_NUMBER_MAX_DIGITS = 11;
export const SCIENSUS_ID_PLACEHOLDER = "REF-********* OR UUID";
export const NHS_NUMBER_PLACEHOLDER = "--- --- ----";

const SCIENSUS_REF = /^REF-[0-9]{1,9}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

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
  if (!value) return "Please enter patient's id";
  if (type === "nhs_number") {
    if (!/^[0-9]+$/.test(value)) return "An NHS number has digits only";
    if (value.length > NHS_NUMBER_MAX_DIGITS) return `Max length is ${NHS_NUMBER_MAX_DIGITS} characters`;
    return null;
  }
  if (type === "sciensus_id") {
    return SCIENSUS_REF.test(value) || UUID.test(value) ? null : "Enter REF- followed by up to 9 digits, or a UUID";
  }
  if (value.length > maxPatientIdLength(type)) return `Max length is ${maxPatientIdLength(type)} characters`;
  return null;
};
