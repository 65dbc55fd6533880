import { organisationsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as organisations from "./service.js";

export const registerOrganisationRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, organisationsApi.list, { permission: "view_organisations" }, async ({ scope, query, reply }) =>
    withTotalCount(reply, await organisations.listOrganisations(scope, query)),
  );
  defineRoute(app, ctx, organisationsApi.create, { permission: "create_organisation" }, ({ scope, body }) =>
    organisations.createOrganisation(scope, body),
  );
  defineRoute(app, ctx, organisationsApi.choices, {}, ({ scope }) => organisations.organisationChoices(scope));
  defineRoute(app, ctx, organisationsApi.get, { permission: "view_organisation" }, ({ scope, params }) =>
    organisations.getOrganisation(scope, params.organisationId),
  );
  defineRoute(app, ctx, organisationsApi.update, { permission: "edit_organisation" }, ({ scope, params, body }) =>
    organisations.updateOrganisation(scope, params.organisationId, body),
  );
  defineRoute(app, ctx, organisationsApi.remove, { permission: "delete_organisation" }, ({ scope, params }) =>
    organisations.deleteOrganisation(scope, params.organisationId),
  );
  defineRoute(app, ctx, organisationsApi.staff, { permission: "view_organisation_users" }, ({ scope, params }) =>
    organisations.listOrganisationStaff(scope, params.organisationId),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.addStaff,
    { permission: "create_organisation_users" },
    ({ scope, params, body }) => organisations.addOrganisationMember(scope, params.organisationId, body),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.updateStaff,
    { permission: "create_organisation_users" },
    ({ scope, params, body }) =>
      organisations.updateOrganisationMember(scope, params.organisationId, params.userId, body),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.removeStaff,
    { permission: "delete_organisation_users" },
    ({ scope, params }) => organisations.removeOrganisationMember(scope, params.organisationId, params.userId),
  );
};
