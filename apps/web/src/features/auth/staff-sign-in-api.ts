import type { authApi, CurrentUser } from "@openpro/core";
import { publicPageRoutes } from "@openpro/core/schema-free";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api-error";
import type { CallOptions } from "../../lib/http";
import { useRemoteAction, useRemoteData } from "../../lib/remote";
import { callRoute } from "../../lib/route-call";
import { storeStaffSignIn } from "../../lib/sign-in-state";
import { readTokens } from "../../lib/tokens";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

/*
 * The staff sign-in and invitation, as the light entry of the public pages calls them (no zod, no
 * query library; api.ts holds the staff app's other auth calls). A sign-in or sign-up keeps its
 * tokens as the staff session of the browser, which the staff app takes up after a full page load.
 */

/** Sign in with scope clinical; the form shows a 401 itself (catalogue row "Login failure"). */
export const useStaffSignIn = () =>
  useRemoteAction(async (body: { email: string; password: string }) => {
    const result = await callRoute(publicPageRoutes.login, { body: { ...body, scope: "clinical" } });
    storeStaffSignIn(result);
    return result;
  });

/** A new clinician finishing the invitation; the answer's session still needs the e-mailed code. */
export const useRegisterStaff = () =>
  useRemoteAction(async (body: Body<typeof authApi.register>) => {
    const result = await callRoute(publicPageRoutes.register, { body });
    storeStaffSignIn(result);
    return result;
  });

export type StaffInviteQuery = NonNullable<CallOptions<typeof authApi.staffInviteCheck>["query"]>;

/** Validates an invitation link; 400 INVITATION_INVALID / INVITATION_CODE_EXPIRED is the "Invalid link" page. */
export const useStaffInviteCheck = (query: StaffInviteQuery) =>
  useRemoteData(`staff-invite:${JSON.stringify(query)}`, () => callRoute(publicPageRoutes.staffInviteCheck, { query }));

/** The signed-in invitee accepts (with the staff session's token). */
export const useStaffInviteAccept = () =>
  useRemoteAction((body: Body<typeof authApi.staffInviteAccept>) =>
    callRoute(publicPageRoutes.staffInviteAccept, { body, bearer: readTokens()?.accessToken }),
  );

export type StaffSessionCheck =
  | { checking: true; user: null; refused: false }
  | { checking: false; user: CurrentUser | null; refused: boolean };

/**
 * The user of the staff session this browser holds, if any, asked of the server once (the page
 * decides from it whether to sign in or move on). `refused`: the server refused the access token
 * (expired, or the session ended); only the staff app refreshes a session, once the user gets there.
 */
export const useStaffSessionUser = (): StaffSessionCheck => {
  const [accessToken] = useState(() => readTokens()?.accessToken ?? null);
  const [check, setCheck] = useState<StaffSessionCheck>(
    accessToken ? { checking: true, user: null, refused: false } : { checking: false, user: null, refused: false },
  );
  useEffect(() => {
    if (!accessToken) return;
    const controller = new AbortController();
    callRoute(publicPageRoutes.current, { bearer: accessToken, signal: controller.signal }).then(
      (user) => setCheck({ checking: false, user, refused: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setCheck({ checking: false, user: null, refused: error instanceof ApiError && error.status === 401 });
      },
    );
    return () => controller.abort();
  }, [accessToken]);
  return check;
};
