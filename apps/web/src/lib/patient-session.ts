import { readStorage, storageKeys, writeStorage } from "./storage-keys";
import type { TokenPair } from "./tokens";

/**
 * The patient-side session of an invite flow (consent, demographics). It lives in this tab's sessionStorage
 * under keys of its own, so a staff session in the same browser is neither read nor replaced.
 */
const storage = () => window.sessionStorage;

export const readPatientToken = (): string | null => readStorage(storageKeys.patientAccessToken, storage());

export const storePatientTokens = (tokens: TokenPair): void => {
  writeStorage(storageKeys.patientAccessToken, tokens.accessToken, storage());
  writeStorage(storageKeys.patientRefreshToken, tokens.refreshToken, storage());
};

/**
 * Hands the invite flow's session to the patient web app (/me): a patient who signs in from an
 * invitation they already took part through goes on into the app without signing in again.
 */
export const handPatientSessionToApp = (tokens: TokenPair, userId: string): void => {
  writeStorage(storageKeys.meAccessToken, tokens.accessToken);
  writeStorage(storageKeys.meRefreshToken, tokens.refreshToken);
  writeStorage(storageKeys.meUserId, userId);
};
