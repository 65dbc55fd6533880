import { describe, expect, it } from "vitest";
import { adminApi } from "./admin.js";
import { authApi } from "./auth.js";
import { contentApi } from "./content.js";
import type { Endpoint } from "./endpoint.js";
import { patientSideApi } from "./patient-side.js";
import { patientSideRoutes } from "./patient-side-routes.js";

const endpoints: Record<keyof typeof patientSideRoutes, Endpoint> = {
  invite: patientSideApi.invite,
  consent: patientSideApi.consent,
  consentDeclined: patientSideApi.consentDeclined,
  demographics: patientSideApi.demographics,
  unsubscribe: patientSideApi.unsubscribe,
  studyEnded: patientSideApi.studyEnded,
  login: authApi.login,
  register: authApi.register,
  legalDocument: contentApi.document,
  clientConfig: adminApi.clientConfig,
};

describe("the patient-side routes", () => {
  it.each(Object.entries(endpoints))("%s calls the endpoint of the table", (name, endpoint) => {
    const route = patientSideRoutes[name as keyof typeof patientSideRoutes];
    expect({ method: route.method, path: route.path }).toEqual({ method: endpoint.method, path: endpoint.path });
  });
});
