import { symptomSettingsApi as api } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as settings from "./service.js";

/** The Symptom settings tab: reading needs the view permission of the severity threshold, changes its edit permission. */
export const registerSymptomSettingsRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const view = { permission: "view_project_symptom_severity_threshold" } as const;
  const edit = { permission: "edit_project_symptom_severity_threshold" } as const;
  defineRoute(app, ctx, api.prioritised, view, ({ scope, params }) => settings.getPrioritised(scope, params.projectId));
  defineRoute(app, ctx, api.setPrioritised, edit, ({ scope, params, body }) =>
    settings.setPrioritised(scope, params.projectId, body.identifiers),
  );
  defineRoute(app, ctx, api.listMessages, view, ({ scope, params }) => settings.listMessages(scope, params.projectId));
  defineRoute(app, ctx, api.createMessage, edit, ({ scope, params, body }) =>
    settings.createMessage(scope, params.projectId, body),
  );
  defineRoute(app, ctx, api.updateMessage, edit, ({ scope, params, body }) =>
    settings.updateMessage(scope, params.projectId, params.messageId, body),
  );
  defineRoute(app, ctx, api.deleteMessage, edit, ({ scope, params }) =>
    settings.deleteMessage(scope, params.projectId, params.messageId),
  );
  defineRoute(app, ctx, api.addGrade, edit, ({ scope, params, body }) =>
    settings.addGrade(scope, params.projectId, params.messageId, body),
  );
  defineRoute(app, ctx, api.deleteGrade, edit, ({ scope, params }) =>
    settings.deleteGrade(scope, params.projectId, params.messageId, params),
  );
  defineRoute(app, ctx, api.listReminders, view, ({ scope, params }) =>
    settings.listReminders(scope, params.projectId),
  );
  defineRoute(app, ctx, api.createReminder, edit, ({ scope, params, body }) =>
    settings.createReminder(scope, params.projectId, body),
  );
  defineRoute(app, ctx, api.updateReminder, edit, ({ scope, params, body }) =>
    settings.updateReminder(scope, params.projectId, params.reminderId, body),
  );
  defineRoute(app, ctx, api.deleteReminder, edit, ({ scope, params }) =>
    settings.deleteReminder(scope, params.projectId, params.reminderId),
  );
  defineRoute(app, ctx, api.notifications, { scope: "patient" }, ({ scope, params }) =>
    settings.listNotifications(scope, params.projectId),
  );
};
