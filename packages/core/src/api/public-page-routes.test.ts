import { describe, expect, it } from "vitest";
import { adminApi } from "./admin.js";
import { authApi } from "./auth.js";
import { contentApi } from "./content.js";
import type { Endpoint } from "./endpoint.js";
import { patientSideApi } from "./patient-side.js";
import { publicPageRoutes } from "./public-page-routes.js";

const endpoints: Record<keyof typeof publicPageRoutes, Endpoint> = {
  invite: patientSideApi.invite,
  consent: patientSideApi.consent,
  consentDeclined: patientSideApi.consentDeclined,
  demographics: patientSideApi.demographics,
  unsubscribe: patientSideApi.unsubscribe,
  studyEnded: patientSideApi.studyEnded,
  myPrograms: patientSideApi.myPrograms,
  login: authApi.login,
  register: authApi.register,
  current: authApi.current,
  staffInviteCheck: authApi.staffInviteCheck,
  staffInviteAccept: authApi.staffInviteAccept,
  legalDocument: contentApi.document,
  clientConfig: adminApi.clientConfig,
};

describe("the public pages' routes", () => {
  it.each(Object.entries(endpoints))("%s calls the endpoint of the table", (name, endpoint) => {
    const route = publicPageRoutes[name as keyof typeof publicPageRoutes];
    expect({ method: route.method, path: route.path }).toEqual({ method: endpoint.method, path: endpoint.path });
  });
});
