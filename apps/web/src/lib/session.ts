import { authApi, type CurrentUser, limits } from "@openpro/core";
import type { QueryClient } from "@tanstack/react-query";
import { apiCall } from "./http";
import { readStorage, sessionStorageKeys, storageKeys, writeStorage } from "./storage-keys";
import { clearTokens, readTokens, storeTokens, type TokenPair } from "./tokens";

export const currentUserQueryKey = ["auth", "current-user"] as const;

export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiCall(authApi.current, { signal }),
  staleTime: 5 * 60_000,
  retry: false,
};

export const isPasswordExpired = (user: Pick<CurrentUser, "passwordExpireDate">, now: number = Date.now()): boolean => {
  if (!user.passwordExpireDate) return false;
  const at = Date.parse(user.passwordExpireDate);
  return Number.isFinite(at) && at <= now;
};

/** Where a freshly verified user goes first. */
export const postSignInRoute = (user: CurrentUser, returnTo: string | null, now: number = Date.now()): string => {
  if (isPasswordExpired(user, now)) return "/update-password";
  if (!user.instructionsAcknowledged) return "/instructions-for-use?required=true";
  return returnTo?.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
};

// ---- Inactivity deadline (shared by tabs through localStorage) ----

const inactivityMs = limits.inactivitySignOutSeconds * 1000;

export const readInactivityDeadline = (): number | null => {
  const value = Number(readStorage(storageKeys.inactivityDeadline));
  return Number.isFinite(value) && value > 0 ? value : null;
};

let lastPush = 0;
/** Moves the inactivity deadline forward; writes at most every few seconds however busy the mouse is. */
export const pushInactivityDeadline = (now: number = Date.now(), force = false): void => {
  if (!force && now - lastPush < 5_000) return;
  lastPush = now;
  writeStorage(storageKeys.inactivityDeadline, String(now + inactivityMs));
};

export const isInactivityExpired = (now: number = Date.now()): boolean => {
  const deadline = readInactivityDeadline();
  return deadline !== null && deadline <= now;
};

// ---- "Your session has expired" notice on the login page ----

export const markSessionExpired = (): void => writeStorage(storageKeys.sessionExpired, "1");
export const wasSessionExpired = (): boolean => readStorage(storageKeys.sessionExpired) === "1";
const clearSessionExpired = (): void => writeStorage(storageKeys.sessionExpired, null);

// ---- Where to return after signing in ----

export const rememberReturnTo = (path: string): void => writeStorage(storageKeys.returnTo, path, window.sessionStorage);
export const takeReturnTo = (): string | null => {
  const value = readStorage(storageKeys.returnTo, window.sessionStorage);
  writeStorage(storageKeys.returnTo, null, window.sessionStorage);
  return value;
};

// ---- Sign in / out ----

/** Keeps the tokens as the session; without the user at hand, the profile is fetched afresh. */
export const signIn = (queryClient: QueryClient, tokens: TokenPair, user?: CurrentUser): void => {
  clearSessionExpired();
  pushInactivityDeadline(Date.now(), true);
  if (user) queryClient.setQueryData(currentUserQueryKey, user);
  else queryClient.removeQueries({ queryKey: currentUserQueryKey });
  storeTokens(tokens);
};

/** Ends the session on the server (best effort), then forgets everything this browser holds. */
export const signOut = async (queryClient: QueryClient, options: { callServer?: boolean } = {}): Promise<void> => {
  const tokens = readTokens();
  for (const key of sessionStorageKeys) writeStorage(key, null);
  clearTokens();
  queryClient.cancelQueries();
  queryClient.clear();
  if (tokens && options.callServer !== false) {
    // Direct fetch: the typed client would try to refresh a session we are ending.
    try {
      await fetch(authApi.logout.path, {
        method: authApi.logout.method,
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.accessToken}` },
        body: JSON.stringify({ refreshToken: tokens.refreshToken }),
        keepalive: true,
      });
    } catch {
      // The server forgets the session by itself when it expires.
    }
  }
};

// ---- The staff invitation being completed ----

export const rememberPendingInvite = (path: string): void =>
  writeStorage(storageKeys.pendingInvite, path, window.sessionStorage);
export const readPendingInvite = (): string | null => {
  const value = readStorage(storageKeys.pendingInvite, window.sessionStorage);
  return value?.startsWith("/join/") ? value : null;
};
export const clearPendingInvite = (): void => writeStorage(storageKeys.pendingInvite, null, window.sessionStorage);
