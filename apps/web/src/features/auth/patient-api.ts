import type { authApi } from "@openpro/core";
import { publicPageRoutes } from "@openpro/core/schema-free";
import type { CallOptions } from "../../lib/http";
import { storePatientTokens } from "../../lib/patient-session";
import { useRemoteAction } from "../../lib/remote";
import { callRoute } from "../../lib/route-call";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

/*
 * A patient signing in or up from an invitation: the light entry's calls (public-pages.html), apart
 * from api.ts so that they load neither zod nor the query library. The tokens become the
 * patient-side session of this tab (never the staff session of the browser).
 */

/** Sign in with scope patient and the invite code. */
export const usePatientSignIn = () =>
  useRemoteAction(async (body: { email: string; password: string; inviteCode: string }) => {
    const result = await callRoute(publicPageRoutes.login, { body: { ...body, scope: "patient" } });
    storePatientTokens(result);
    return result;
  });

export const usePatientRegister = () =>
  useRemoteAction(async (body: Body<typeof authApi.register>) => {
    const result = await callRoute(publicPageRoutes.register, { body });
    storePatientTokens(result);
    return result;
  });
