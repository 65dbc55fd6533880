import { authApi, type CurrentUser } from "@openpro/core";
import type { QueryClient } from "@tanstack/react-query";
import { apiCall } from "./http";
import { storeStaffSignIn } from "./sign-in-state";
import { sessionStorageKeys, writeStorage } from "./storage-keys";
import { clearTokens, readTokens, type TokenPair } from "./tokens";

// The browser-side record of a sign-in (deadline, return address, notices), shared with the light entry.
export {
  clearPendingInvite,
  isInactivityExpired,
  isPasswordExpired,
  markSessionExpired,
  postSignInRoute,
  pushInactivityDeadline,
  readInactivityDeadline,
  readPendingInvite,
  rememberOtpSent,
  rememberPendingInvite,
  rememberReturnTo,
  takeOtpSent,
  takeReturnTo,
  wasSessionExpired,
} from "./sign-in-state";

export const currentUserQueryKey = ["auth", "current-user"] as const;

export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiCall(authApi.current, { signal }),
  staleTime: 5 * 60_000,
  retry: false,
};

// ---- Sign in / out ----

/** Keeps the tokens as the session; without the user at hand, the profile is fetched afresh. */
export const signIn = (queryClient: QueryClient, tokens: TokenPair, user?: CurrentUser): void => {
  if (user) queryClient.setQueryData(currentUserQueryKey, user);
  else queryClient.removeQueries({ queryKey: currentUserQueryKey });
  storeStaffSignIn(tokens);
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
