import { programDashboardApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as dashboard from "./service.js";

export const registerProgramDashboardRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    programDashboardApi.symptomTrends,
    { permission: "view_project_symptom_data" },
    ({ scope, params, query }) => dashboard.symptomTrends(scope, params.projectId, query),
  );
  defineRoute(
    app,
    ctx,
    programDashboardApi.symptoms,
    { permission: "view_project_symptom_data" },
    ({ scope, params, query }) => dashboard.mostLoggedSymptoms(scope, params.projectId, query),
  );
  defineRoute(
    app,
    ctx,
    programDashboardApi.temperatureTrends,
    { permission: "view_project_temperature_data" },
    ({ scope, params, query }) => dashboard.temperatureTrends(scope, params.projectId, query),
  );
  defineRoute(
    app,
    ctx,
    programDashboardApi.medication,
    { permission: "view_project_symptom_data" },
    ({ scope, params, query }) => dashboard.medicationAdherence(scope, params.projectId, query),
  );
  // Delivery counts, no answers: the permission that shows a program's questionnaire schedules.
  defineRoute(
    app,
    ctx,
    programDashboardApi.questionnaireCompletion,
    { permission: "view_questionnaire_schedules" },
    ({ scope, params, query }) => dashboard.questionnaireCompletion(scope, params.projectId, query),
  );
  // Names patients: the identifying list's permission here, the figure's data permission in the service.
  defineRoute(
    app,
    ctx,
    programDashboardApi.figurePatients,
    { permission: "view_project_users" },
    ({ scope, params, query }) => dashboard.figurePatients(scope, params.projectId, query),
  );
};
