import { patientSideApi, patientsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import { registerPatientInviteJobs } from "./invites.js";
import * as patientSide from "./patient-side.js";
import * as patients from "./service.js";

export const registerPatientRoutes = (app: FastifyInstance, ctx: AppContext) => {
  registerPatientInviteJobs(ctx);
  defineRoute(
    app,
    ctx,
    patientsApi.list,
    { permission: "view_project_users" },
    async ({ actor, meta, params, query, reply }) => {
      const page = await patients.listPatients(ctx, meta, actor, params.projectId, query);
      reply.header("X-Total-Count", String(page.totalCount));
      return page;
    },
  );
  defineRoute(app, ctx, patientsApi.create, { permission: "invite_project_users" }, ({ actor, meta, body }) =>
    patients.createPatient(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, patientsApi.batchInvite, { permission: "invite_project_users" }, ({ actor, meta, body }) =>
    patients.batchInvite(ctx, meta, actor, body.projectId, body.userIds),
  );
  defineRoute(app, ctx, patientsApi.get, { permission: "view_project_users" }, ({ actor, meta, params, query }) =>
    patients.getPatient(ctx, meta, actor, query.projectId, params.userId),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.update,
    { permission: "edit_project_user" },
    ({ actor, meta, params, query, body }) =>
      patients.updatePatient(ctx, meta, actor, query.projectId, params.userId, body),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.remove,
    { permission: "delete_project_user" },
    async ({ actor, meta, params, query }) => {
      await patients.deletePatient(ctx, meta, actor, query.projectId, params.userId);
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    patientsApi.resendInvite,
    { permission: "invite_project_users" },
    ({ actor, meta, params, query }) => patients.resendInvite(ctx, meta, actor, query.projectId, params.userId),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.verify,
    { permission: "edit_project_user" },
    ({ actor, meta, params, query, body }) =>
      patients.decideVerification(ctx, meta, actor, query.projectId, params.userId, {
        verified: true,
        patientId: body.patientId,
      }),
  );
  defineRoute(app, ctx, patientsApi.decline, { permission: "edit_project_user" }, ({ actor, meta, params, query }) =>
    patients.decideVerification(ctx, meta, actor, query.projectId, params.userId, { verified: false }),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.setConsent,
    { permission: "withdraw_consent_project_users" },
    ({ actor, meta, params }) => patients.retractConsent(ctx, meta, actor, params.projectId, params.userId),
  );
  defineRoute(
    app,
    ctx,
    patientsApi.search,
    { permission: "view_project_user" },
    async ({ actor, meta, query, reply }) => {
      const page = await patients.searchPatients(ctx, meta, actor, query);
      reply.header("X-Total-Count", String(page.totalCount));
      return page;
    },
  );

  defineRoute(app, ctx, patientSideApi.invite, {}, ({ params }) => patientSide.inviteInfo(ctx, params.inviteCode));
  defineRoute(app, ctx, patientSideApi.consent, { scope: "patient" }, ({ actor, meta, params, body }) =>
    patientSide.giveConsent(ctx, meta, actor, params.projectId, body.consentGiven),
  );
  defineRoute(app, ctx, patientSideApi.consentDeclined, { scope: "patient" }, ({ actor, meta, params }) =>
    patientSide.declineConsent(ctx, meta, actor, params.projectId),
  );
  defineRoute(app, ctx, patientSideApi.demographics, { scope: "patient" }, ({ actor, meta, body }) =>
    patientSide.saveDemographics(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, patientSideApi.unsubscribe, {}, ({ meta, body }) => patientSide.unsubscribe(ctx, meta, body));
  defineRoute(app, ctx, patientSideApi.studyEnded, {}, ({ params }) => patientSide.studyEnded(ctx, params.programId));
};
