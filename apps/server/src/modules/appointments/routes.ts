import { appointmentsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload, withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as appointments from "./service.js";

export const registerAppointmentRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const view = { permission: "view_nurse_visit_appointments" } as const;
  const change = { permission: "create_nurse_visit_appointments" } as const;
  defineRoute(app, ctx, appointmentsApi.create, change, ({ scope, params, query, body }) =>
    appointments.createAppointment(scope, query.projectId, params.userId, body),
  );
  defineRoute(app, ctx, appointmentsApi.list, view, async ({ scope, params, query, reply }) =>
    withTotalCount(reply, await appointments.listAppointments(scope, query.projectId, params.userId, query)),
  );
  defineRoute(app, ctx, appointmentsApi.calendar, view, async ({ scope, params, query, reply }) => {
    const { body, fileName } = await appointments.exportCalendar(scope, query.projectId, params.userId);
    asDownload(reply, { contentType: "text/calendar; charset=utf-8", fileName });
    return body;
  });
  defineRoute(app, ctx, appointmentsApi.get, view, ({ scope, params, query }) =>
    appointments.getAppointment(scope, query.projectId, params.userId, params.appointmentId),
  );
  defineRoute(app, ctx, appointmentsApi.update, change, ({ scope, params, query, body }) =>
    appointments.updateAppointment(scope, query.projectId, params.userId, params.appointmentId, body),
  );
  defineRoute(app, ctx, appointmentsApi.remove, change, ({ scope, params, query }) =>
    appointments.deleteAppointment(scope, query.projectId, params.userId, params.appointmentId),
  );
};
