import { authApi, limits } from "@openpro/core";
import { useSyncExternalStore } from "react";
import {
  ApiError,
  apiCall,
  apiCallWithToken,
  type CallOptions,
  type DownloadOptions,
  downloadWithToken,
  type ResponseOf,
} from "../lib/http";
import { jwtExpiry } from "../lib/jwt";
import { t } from "../lib/patient-text";
import { readStorage, storageKeys, writeStorage } from "../lib/storage-keys";
import type { TokenPair } from "../lib/tokens";

/**
 * The session of the patient web app (/me). It is kept in localStorage under keys of its own, so it
 * survives a reload and a new tab, and never reads or replaces a staff session (or the invite flow's
 * session) in the same browser. The refresh token renews it, as the phone app does.
 */
const ACCESS = storageKeys.meAccessToken;
const REFRESH = storageKeys.meRefreshToken;
const USER = storageKeys.meUserId;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const readMeTokens = (): TokenPair | null => {
  const accessToken = readStorage(ACCESS);
  const refreshToken = readStorage(REFRESH);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
};

/** The signed-in patient's id: the owner of the logs this device keeps for them. */
export const readMeUserId = (): string | null => (readMeTokens() ? readStorage(USER) : null);

/** Stores a renewed pair; a new sign-in also names its patient (userId), a sign-out (null) forgets both. */
export const storeMeTokens = (tokens: TokenPair | null, userId?: string): void => {
  writeStorage(ACCESS, tokens?.accessToken ?? null);
  writeStorage(REFRESH, tokens?.refreshToken ?? null);
  if (tokens === null) writeStorage(USER, null);
  else if (userId !== undefined) writeStorage(USER, userId);
  notify();
};

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS || event.key === REFRESH) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
};

/** True while this browser holds a patient session (re-renders on sign-in and sign-out, in any tab). */
export const useMeSignedIn = (): boolean => useSyncExternalStore(subscribe, () => readMeTokens() !== null);

const refreshDue = (accessToken: string, now = Date.now()) => {
  const exp = jwtExpiry(accessToken);
  return exp === null || exp * 1000 - limits.accessTokenRefreshLeadSeconds * 1000 <= now;
};

let inFlight: Promise<boolean> | null = null;
/** Exchanges the refresh token once for all concurrent callers; false when the session has ended. */
const refresh = (refused: string | undefined): Promise<boolean> => {
  inFlight ??= (async () => {
    const tokens = readMeTokens();
    if (!tokens) return false;
    // Another caller already renewed the pair the server refused.
    if (refused !== undefined && tokens.accessToken !== refused) return true;
    try {
      storeMeTokens(await apiCall(authApi.refresh, { body: { refreshToken: tokens.refreshToken } }));
      return true;
    } catch (error) {
      // No network: keep the session, the call fails as offline and is retried later.
      if (error instanceof ApiError && error.status === undefined) throw error;
      storeMeTokens(null);
      return false;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
};

const ended = () => new ApiError({ status: 401, message: t("sessionEnded"), errorCode: "SESSION_ENDED" });

type AnyEndpoint = Parameters<typeof apiCallWithToken>[1];
type OptionalArg<E> =
  Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** Runs a call with the signed-in patient's token: renewed first when due, and once after a 401. */
const withMeToken = async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
  let tokens = readMeTokens();
  if (!tokens) throw ended();
  if (refreshDue(tokens.accessToken)) {
    if (!(await refresh(undefined))) throw ended();
    tokens = readMeTokens();
    if (!tokens) throw ended();
  }
  try {
    return await call(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!(await refresh(tokens.accessToken))) throw ended();
    const fresh = readMeTokens();
    if (!fresh) throw ended();
    return call(fresh.accessToken);
  }
};

/** Calls an endpoint as the signed-in patient: renews the tokens when due and once after a 401. */
export const meCall = async <E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: OptionalArg<E>
): Promise<ResponseOf<E>> =>
  withMeToken((token) =>
    (apiCallWithToken as (t: string, e: E, o?: CallOptions<E>) => Promise<ResponseOf<E>>)(token, endpoint, options),
  );

/** Downloads a file as the signed-in patient (lib/http.ts's download, under the same renewal as meCall). */
export const meDownload = <E extends AnyEndpoint>(endpoint: E, options: DownloadOptions<E>): Promise<string> =>
  withMeToken((token) => downloadWithToken(token, endpoint, options));

export const signInPatient = async (email: string, password: string) => {
  const answer = await apiCall(authApi.login, { body: { email, password, scope: "patient" } });
  storeMeTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken }, answer.user.id);
  return answer.user;
};

export const signOutPatient = async () => {
  const tokens = readMeTokens();
  storeMeTokens(null);
  if (!tokens) return;
  try {
    await apiCallWithToken(tokens.accessToken, authApi.logout, { body: { refreshToken: tokens.refreshToken } });
  } catch {
    // Signed out on this device either way; the server ends an idle session by itself.
  }
};

/**
 * The reset's last step: the new password with the e-mailed code. The server signs the patient in
 * (scope patient), so the app opens at once with the new session.
 */
export const resetPatientPassword = async (body: {
  email: string;
  otpCode: string;
  password: string;
  confirmPassword: string;
}) => {
  const answer = await apiCall(authApi.resetWithOtp, { body: { ...body, scope: "patient" } });
  // A server that signs nobody in (an older one) leaves the patient to sign in with the new password.
  if (answer.accessToken && answer.refreshToken)
    storeMeTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken }, answer.userId);
  return answer;
};
