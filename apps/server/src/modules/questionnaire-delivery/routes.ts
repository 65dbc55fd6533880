import { questionnaireEventsApi as events, questionnaireSchedulesApi as schedules } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import { exportQuestionnaireReport } from "./export.js";
import * as delivery from "./service.js";

export const registerQuestionnaireDeliveryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, schedules.list, { permission: "view_questionnaire_schedules" }, ({ scope, params, query }) =>
    delivery.listSchedules(scope, params.projectId, query),
  );
  defineRoute(app, ctx, schedules.create, { permission: "create_questionnaire_schedule" }, ({ scope, params, body }) =>
    delivery.createSchedule(scope, params.projectId, body),
  );
  defineRoute(app, ctx, schedules.remove, { permission: "delete_questionnaire_schedule" }, ({ scope, params, query }) =>
    delivery.deleteSchedule(scope, params.projectId, params.scheduleId, query),
  );
  defineRoute(app, ctx, schedules.defer, { permission: "create_questionnaire_schedule" }, ({ scope, params, body }) =>
    delivery.deferSchedule(scope, params.projectId, params.scheduleId, body),
  );
  defineRoute(app, ctx, events.scheduled, { permission: "view_questionnaire_schedules" }, ({ scope, params }) =>
    delivery.scheduledQuestionnaires(scope, params.projectId, params.userId),
  );
  defineRoute(
    app,
    ctx,
    events.delivered,
    { permission: "view_user_questionnaire_event_results" },
    ({ scope, params, query }) => delivery.deliveredQuestionnaires(scope, params.projectId, params.userId, query),
  );
  defineRoute(
    app,
    ctx,
    events.summary,
    { permission: "view_user_questionnaire_event_results" },
    ({ scope, params, query }) => delivery.eventsSummary(scope, params.projectId, params.userId, query),
  );
  defineRoute(
    app,
    ctx,
    events.hardcodedEvent,
    { permission: "view_user_questionnaire_event_results" },
    ({ scope, params }) => delivery.hardcodedEvent(scope, params.projectId, params.userId, params.questionnaireId),
  );
  defineRoute(
    app,
    ctx,
    events.customEvent,
    { permission: "view_user_questionnaire_event_results" },
    ({ scope, params }) => delivery.customEvent(scope, params.projectId, params.userId, params.questionnaireId),
  );
  defineRoute(
    app,
    ctx,
    events.exportReport,
    { permission: "export_project_questionnaires_report" },
    async ({ scope, params, body, reply }) => {
      const file = await exportQuestionnaireReport(scope, params.projectId, body);
      asDownload(reply, file);
      return file.stream;
    },
  );
  defineRoute(app, ctx, events.myEvents, { scope: "patient" }, ({ scope, params, query }) =>
    delivery.myEvents(scope, params.projectId, query),
  );
  defineRoute(app, ctx, events.myEvent, { scope: "patient" }, ({ scope, params }) =>
    delivery.myEvent(scope, params.projectId, params.eventId),
  );
  defineRoute(app, ctx, events.answer, { scope: "patient" }, ({ scope, params, body }) =>
    delivery.submitAnswers(scope, params.projectId, params.eventId, body),
  );
};
