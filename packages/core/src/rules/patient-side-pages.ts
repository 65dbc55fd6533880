/**
 * The pages a patient opens from an invitation link or an e-mail, before any staff session: the
 * server answers them with the light patient-side entry (patient-side.html: no staff shell, no
 * admin features), and that entry's router holds exactly these routes. Any other address is a
 * full page load of the staff app (or of the patient app under /me).
 */
export const PATIENT_SIDE_PAGES = [
  "/invite/:inviteCode",
  "/auth-consent/:inviteCode",
  "/demographic-info",
  "/get-the-app",
  "/auth-confirm",
  "/unsubscribe",
  "/study/:programId",
] as const;

const patterns = PATIENT_SIDE_PAGES.map((page) => new RegExp(`^${page.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`));

/** Is this path (no query string) one of the patient-side pages? */
export const isPatientSidePath = (path: string): boolean => patterns.some((pattern) => pattern.test(path));
