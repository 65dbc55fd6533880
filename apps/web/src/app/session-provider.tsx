import type { CurrentUser } from "@openpro/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { enqueueSnackbar } from "notistack";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { onForcedSignOut, startTokenRefreshTimer } from "../lib/http";
import {
  currentUserQuery,
  isInactivityExpired,
  markSessionExpired,
  pushInactivityDeadline,
  readInactivityDeadline,
  signIn as signInSession,
  signOut as signOutSession,
} from "../lib/session";
import { type Session, SessionContext, type SessionStatus, type SignOutOptions } from "../lib/session-context";
import { readTokens, subscribeTokens, type TokenPair } from "../lib/tokens";
import { connectErrorEffects } from "./error-handling";

const hasTokensSnapshot = () => readTokens() !== null;
const activityEvents = ["mousemove", "keydown", "click", "scroll", "touchstart"] as const;

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasTokens = useSyncExternalStore(subscribeTokens, hasTokensSnapshot, () => false);
  const userQuery = useQuery({ ...currentUserQuery, enabled: hasTokens });
  const signingOut = useRef(false);

  const signOut = useCallback(
    async (options: SignOutOptions = {}) => {
      if (signingOut.current) return;
      signingOut.current = true;
      try {
        if (options.expired) markSessionExpired();
        await signOutSession(queryClient, { callServer: options.callServer });
        if (options.message) enqueueSnackbar(options.message, { variant: "error" });
        navigate("/login", { replace: true });
      } finally {
        signingOut.current = false;
      }
    },
    [queryClient, navigate],
  );

  const signIn = useCallback(
    (tokens: TokenPair, user?: CurrentUser) => signInSession(queryClient, tokens, user),
    [queryClient],
  );

  const refetchUser = useCallback(async () => {
    const result = await userQuery.refetch();
    return result.data ?? null;
  }, [userQuery.refetch]);

  // Proactive token refresh, forced sign-out from the HTTP client, and sign-out in another tab.
  useEffect(() => {
    startTokenRefreshTimer();
    const offForced = onForcedSignOut(() => void signOut({ callServer: false }));
    const offTokens = subscribeTokens((tokens) => {
      if (!tokens && queryClient.getQueryData(currentUserQuery.queryKey)) void signOut({ callServer: false });
    });
    return () => {
      offForced();
      offTokens();
    };
  }, [signOut, queryClient]);

  // Inactivity: activity pushes a deadline shared by all tabs; past it, the session ends.
  useEffect(() => {
    if (!hasTokens) return;
    if (isInactivityExpired()) {
      void signOut({ expired: true });
      return;
    }
    if (readInactivityDeadline() === null) pushInactivityDeadline(Date.now(), true);
    const onActivity = () => pushInactivityDeadline();
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (isInactivityExpired()) void signOut({ expired: true });
    }, 10_000);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
      window.clearInterval(timer);
    };
  }, [hasTokens, signOut]);

  useEffect(() => {
    connectErrorEffects({
      navigate: (to) => navigate(to),
      logout: (message) => void signOut({ message, callServer: true }),
      currentEmail: () => queryClient.getQueryData<CurrentUser>(currentUserQuery.queryKey)?.email,
    });
    return () => connectErrorEffects(null);
  }, [navigate, signOut, queryClient]);

  const user = hasTokens ? (userQuery.data ?? null) : null;
  const status: SessionStatus = !hasTokens
    ? "signed-out"
    : user
      ? "signed-in"
      : userQuery.isError
        ? "error"
        : "loading";

  const value = useMemo<Session>(
    () => ({ status, user, signIn, signOut, refetchUser }),
    [status, user, signIn, signOut, refetchUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};
