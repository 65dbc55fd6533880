import { patientsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import { splitProgramId } from "../../platform/http/wire.js";
import * as patients from "./service.js";

export const registerPatientRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    patientsApi.list,
    { permission: "view_project_users" },
    async ({ scope, params, query, reply }) =>
      withTotalCount(reply, await patients.listPatients(scope, params.projectId, query)),
  );
  defineRoute(app, ctx, patientsApi.create, { permission: "invite_project_users" }, ({ scope, body }) => {
    const { programId, fields } = splitProgramId(body);
    return patients.createPatient(scope, programId, fields);
  });
  defineRoute(app, ctx, patientsApi.batchInvite, { permission: "invite_project_users" }, ({ scope, body }) =>
    patients.batchInvite(scope, body.projectId, body.userIds),
  );
  defineRoute(app, ctx, patientsApi.get, { permission: "view_project_users" }, ({ scope, params, query }) =>
    patients.getPatient(scope, query.projectId, params.userId),
  );
  defineRoute(app, ctx, patientsApi.update, { permission: "edit_project_user" }, ({ scope, params, query, body }) =>
    patients.updatePatient(scope, query.projectId, params.userId, body),
  );
  defineRoute(app, ctx, patientsApi.remove, { permission: "delete_project_user" }, ({ scope, params, query }) =>
    patients.deletePatient(scope, query.projectId, params.userId),
  );
  defineRoute(app, ctx, patientsApi.resendInvite, { permission: "invite_project_users" }, ({ scope, params, query }) =>
    patients.resendInvite(scope, query.projectId, params.userId),
  );
  defineRoute(app, ctx, patientsApi.verify, { permission: "edit_project_user" }, ({ scope, params, query, body }) =>
    patients.decideVerification(scope, query.projectId, params.userId, {
      verified: true,
      patientId: body.patientId,
    }),
  );
  defineRoute(app, ctx, patientsApi.decline, { permission: "edit_project_user" }, ({ scope, params, query }) =>
    patients.decideVerification(scope, query.projectId, params.userId, { verified: false }),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.withdrawConsent,
    { permission: "withdraw_consent_project_users" },
    ({ scope, params }) => patients.withdrawConsent(scope, params.projectId, params.userId),
  );
  defineRoute(app, ctx, patientsApi.search, { permission: "view_project_user" }, async ({ scope, query, reply }) =>
    withTotalCount(reply, await patients.searchPatients(scope, query)),
  );
};
