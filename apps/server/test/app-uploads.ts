/**
 * What the patient app sends, for the stories that go through its upload API (the tables' side is in
 * patient-data.ts).
 */

/**
 * Tamoxifen 20 mg once daily from 2 March 2026, as the app lists it in a medications upload;
 * `clientId` is the app's own id for it, which its doses name.
 */
export const tamoxifenFromApp = (clientId: string) => ({
  clientId,
  name: "Tamoxifen",
  dosage: "20",
  dosageUnit: "mg",
  frequency: "ONCE_DAILY",
  startDate: "2026-03-02",
});
