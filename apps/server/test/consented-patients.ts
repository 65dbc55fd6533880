import { addConsentedPatient } from "./patients.js";
import type { TestApp } from "./test-app.js";

/**
 * A patient the care team added (as `staffToken`) under the NHS number 943 476 5919 (identifiers are a
 * program's own: the stories' patients of different programs share it), who has consented and told the
 * program her date of birth and sex (addConsentedPatient): her account id.
 */
export const addConsentedNhsPatient = async (
  t: TestApp,
  staffToken: string,
  programId: string,
  person: { firstName: string; lastName: string; email: string },
  given: { dob: string; sex: "female" | "male"; consentedAt?: string },
): Promise<string> =>
  (
    await addConsentedPatient(
      t,
      staffToken,
      programId,
      { ...person, patientIdType: "nhs_number", patientId: "943 476 5919" },
      given,
    )
  ).userId as string;
