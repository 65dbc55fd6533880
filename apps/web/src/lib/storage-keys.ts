/**
 * Every browser-storage key the web app uses, in one place (the spec leaves the names open).
 * localStorage is shared by all tabs of the origin, so tabs agree on tokens and the inactivity deadline.
 */
export const storageKeys = {
  /** localStorage: the current access token (JWT). */
  accessToken: "openpro.accessToken",
  /** localStorage: the current refresh token (rotated on every refresh). */
  refreshToken: "openpro.refreshToken",
  /** localStorage: epoch milliseconds after which an idle session is signed out. */
  inactivityDeadline: "openpro.inactivityDeadline",
  /** localStorage: "1" after an inactivity sign-out, until the next successful sign-in. */
  sessionExpired: "openpro.sessionExpired",
  /** localStorage: "1" when the desktop side menu is collapsed. */
  sideMenuCollapsed: "openpro.sideMenuCollapsed",
  /** sessionStorage: where a signed-out user was going, to return there after signing in. */
  returnTo: "openpro.returnTo",
  /** sessionStorage: "1" from a sign-in whose code was just e-mailed, until the code page has said so. */
  otpSentNotice: "openpro.otpSentNotice",
  /** sessionStorage: the staff invitation link being completed (resumed after the code; "Back to Create account"). */
  pendingInvite: "openpro.pendingInvite",
  /** sessionStorage: the patient-side session of an invite flow (kept apart from the staff tokens). */
  patientAccessToken: "openpro.patient.accessToken",
  /** sessionStorage: the patient-side refresh token (not used by the web flow, kept for sign-out). */
  patientRefreshToken: "openpro.patient.refreshToken",
  /** localStorage: the patient web app's (/me) session and its patient, shared by its tabs. */
  meAccessToken: "openpro.me.accessToken",
  meRefreshToken: "openpro.me.refreshToken",
  meUserId: "openpro.me.userId",
} as const;

/** Keys removed on sign-out (the side-menu preference survives). */
export const sessionStorageKeys = [storageKeys.accessToken, storageKeys.refreshToken, storageKeys.inactivityDeadline];

export const readStorage = (key: string, storage: Storage = window.localStorage): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: string, value: string | null, storage: Storage = window.localStorage): void => {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app still works for this tab.
  }
};
