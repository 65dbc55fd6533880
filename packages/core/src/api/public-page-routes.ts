import type { adminApi } from "./admin.js";
import type { authApi } from "./auth.js";
import type { contentApi } from "./content.js";
import type { Endpoint } from "./endpoint.js";
import type { patientSideApi } from "./patient-side.js";

/**
 * An endpoint of the table without its schemas: the method and path a client needs to call it,
 * and (as a type only) the endpoint, for its params, body and response types. The light entry of
 * the public pages calls the API through these, so that it loads no zod: the server validates
 * every input, and public-page-routes.test.ts holds each route to its endpoint.
 */
export interface Route<E extends Endpoint> {
  method: E["method"];
  path: string;
  /** Never set: carries the endpoint's types. */
  readonly endpoint?: E;
}

const route = <E extends Endpoint>(method: E["method"], path: string): Route<E> => ({ method, path });

/**
 * What the public pages call: the patient's invitation, sign-in and sign-up, consent, demographics,
 * unsubscribe, study ended; the staff sign-in and invitation (check, accept, register).
 */
export const publicPageRoutes = {
  invite: route<typeof patientSideApi.invite>("GET", "/api/v1/auth/users-invite/:inviteCode"),
  consent: route<typeof patientSideApi.consent>("PATCH", "/api/v1/user/project/:projectId/consent"),
  consentDeclined: route<typeof patientSideApi.consentDeclined>(
    "PATCH",
    "/api/v1/user/project/:projectId/consent-declined",
  ),
  demographics: route<typeof patientSideApi.demographics>("PATCH", "/api/v1/user/demographics"),
  unsubscribe: route<typeof patientSideApi.unsubscribe>("POST", "/api/v1/questionnaire-reminders/unsubscribe"),
  studyEnded: route<typeof patientSideApi.studyEnded>("GET", "/api/v1/external-onboarding/:programId"),
  myPrograms: route<typeof patientSideApi.myPrograms>("GET", "/api/v1/user/projects"),
  login: route<typeof authApi.login>("POST", "/api/v2/auth/login"),
  register: route<typeof authApi.register>("POST", "/api/v2/auth/register"),
  current: route<typeof authApi.current>("GET", "/api/v1/current"),
  staffInviteCheck: route<typeof authApi.staffInviteCheck>("GET", "/api/v1/auth/staff-invite"),
  staffInviteAccept: route<typeof authApi.staffInviteAccept>("POST", "/api/v1/auth/staff-invite"),
  legalDocument: route<typeof contentApi.document>("GET", "/api/v1/content/:documentId"),
  clientConfig: route<typeof adminApi.clientConfig>("GET", "/api/v1/service/client-config"),
} as const;
