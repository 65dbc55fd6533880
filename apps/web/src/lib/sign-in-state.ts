import type { CurrentUser } from "@openpro/core";
import { limits } from "@openpro/core/schema-free";
import { readStorage, storageKeys, writeStorage } from "./storage-keys";
import { storeTokens, type TokenPair } from "./tokens";

/*
 * What this browser keeps about a staff sign-in, without the query client or zod: the light entry's
 * sign-in and invitation pages (public-pages.html) and the staff app (lib/session.ts) share it, so
 * that a sign-in on one continues in the other after a full page load.
 */

export const isPasswordExpired = (user: Pick<CurrentUser, "passwordExpireDate">, now: number = Date.now()): boolean => {
  if (!user.passwordExpireDate) return false;
  const at = Date.parse(user.passwordExpireDate);
  return Number.isFinite(at) && at <= now;
};

/** Where a freshly verified user goes first. */
export const postSignInRoute = (user: CurrentUser, returnTo: string | null, now: number = Date.now()): string => {
  if (isPasswordExpired(user, now)) {
    // Kept for after the forced change: the update-password page continues there.
    if (returnTo) rememberReturnTo(returnTo);
    return "/update-password";
  }
  if (!user.instructionsAcknowledged) {
    // Kept for after the acknowledgement: the instructions page continues there.
    if (returnTo) rememberReturnTo(returnTo);
    return "/instructions-for-use?required=true";
  }
  return safeReturnTo(returnTo) ?? "/";
};

/** A path of this site (never another site's "//host" address), or null. */
export const safeReturnTo = (returnTo: string | null): string | null =>
  returnTo?.startsWith("/") && !returnTo.startsWith("//") ? returnTo : null;

/**
 * Where a staff invitation leads once accepted: the program it names (…&projectId=), else the
 * programs list. A new clinician's invitation is accepted as they sign up, so its own address would
 * then say the link is no longer valid: after the code and the instructions for use they go here.
 */
export const invitationDestination = (invitation: string): string => {
  const programId = new URLSearchParams(invitation.split("?")[1] ?? "").get("projectId");
  return programId && /^[0-9a-f-]{36}$/i.test(programId) ? `/programs/${programId}` : "/programs";
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

// ---- "We sent a code": said by the code page that the sign-in loads next ----

export const rememberOtpSent = (): void => writeStorage(storageKeys.otpSentNotice, "1", window.sessionStorage);
/** True once after a sign-in whose code was e-mailed. */
export const takeOtpSent = (): boolean => {
  const sent = readStorage(storageKeys.otpSentNotice, window.sessionStorage) === "1";
  writeStorage(storageKeys.otpSentNotice, null, window.sessionStorage);
  return sent;
};

// ---- Signing in ----

/** Keeps the tokens as the staff session of this browser (every tab), with a fresh inactivity deadline. */
export const storeStaffSignIn = (tokens: TokenPair): void => {
  clearSessionExpired();
  pushInactivityDeadline(Date.now(), true);
  storeTokens(tokens);
};

// ---- The staff invitation being completed ----

export const rememberPendingInvite = (path: string): void =>
  writeStorage(storageKeys.pendingInvite, path, window.sessionStorage);
export const readPendingInvite = (): string | null => {
  const value = readStorage(storageKeys.pendingInvite, window.sessionStorage);
  return value?.startsWith("/join/") ? value : null;
};
export const clearPendingInvite = (): void => writeStorage(storageKeys.pendingInvite, null, window.sessionStorage);
