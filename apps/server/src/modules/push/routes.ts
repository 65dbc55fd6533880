import { pushApi as api } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as push from "./service.js";

/** Reminders on the patient's phone: a patient's own subscriptions (staff refused, 403); a program's quiet hours (staff). */
export const registerPushRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const patient = { scope: "patient" } as const;
  defineRoute(app, ctx, api.key, patient, ({ scope }) => push.getPushKey(scope));
  defineRoute(app, ctx, api.subscriptions, patient, ({ scope }) => push.listSubscriptions(scope));
  defineRoute(app, ctx, api.subscribe, patient, ({ scope, body }) => push.saveSubscription(scope, body));
  defineRoute(app, ctx, api.unsubscribe, patient, ({ scope, body }) => push.removeSubscription(scope, body.endpoint));
  // The program's quiet hours: set by those who set its symptom alerts and reminders.
  defineRoute(app, ctx, api.settings, { permission: "view_project_symptom_severity_threshold" }, ({ scope, params }) =>
    push.getPushSettings(scope, params.projectId),
  );
  defineRoute(
    app,
    ctx,
    api.updateSettings,
    { permission: "edit_project_symptom_severity_threshold" },
    ({ scope, params, body }) => push.updatePushSettings(scope, params.projectId, body),
  );
};
