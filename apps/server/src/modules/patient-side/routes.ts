import { patientSideApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as patientSide from "./service.js";

/** What patients do themselves: open an invite, consent or decline, demographics, unsubscribe. */
export const registerPatientSideRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, patientSideApi.invite, {}, ({ params, query, request }) =>
    patientSide.inviteInfo(ctx, params.inviteCode, {
      lang: query?.lang,
      acceptLanguage: request.headers["accept-language"],
    }),
  );
  defineRoute(app, ctx, patientSideApi.consent, { scope: "patient" }, ({ scope, params, body }) =>
    body.consentGiven
      ? patientSide.giveConsent(scope, params.projectId)
      : patientSide.withdrawConsent(scope, params.projectId),
  );
  defineRoute(app, ctx, patientSideApi.consentDeclined, { scope: "patient" }, ({ scope, params }) =>
    patientSide.declineConsent(scope, params.projectId),
  );
  defineRoute(app, ctx, patientSideApi.demographics, { scope: "patient" }, ({ scope, body }) =>
    patientSide.saveDemographics(scope, body),
  );
  defineRoute(app, ctx, patientSideApi.unsubscribe, {}, ({ scope, body }) => patientSide.unsubscribe(scope, body));
  defineRoute(app, ctx, patientSideApi.myPrograms, { scope: "patient" }, ({ scope, query, request }) =>
    patientSide.listMyPrograms(scope, { lang: query?.lang, acceptLanguage: request.headers["accept-language"] }),
  );
  defineRoute(app, ctx, patientSideApi.studyEnded, {}, ({ params }) => patientSide.studyEnded(ctx, params.programId));
};
