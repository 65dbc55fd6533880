import { organisationsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as organisations from "./service.js";

export const registerOrganisationRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    organisationsApi.list,
    { permission: "view_organisations" },
    async ({ actor, query, reply }) => {
      const page = await organisations.listOrganisations(ctx, actor, query);
      reply.header("X-Total-Count", String(page.totalCount));
      return page;
    },
  );
  defineRoute(app, ctx, organisationsApi.create, { permission: "create_organisation" }, ({ actor, meta, body }) =>
    organisations.createOrganisation(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, organisationsApi.choices, {}, ({ actor }) => organisations.organisationChoices(ctx, actor));
  defineRoute(app, ctx, organisationsApi.get, { permission: "view_organisation" }, ({ actor, params }) =>
    organisations.getOrganisation(ctx, actor, params.organisationId),
  );
  defineRoute(app, ctx, organisationsApi.update, { permission: "edit_organisation" }, ({ actor, meta, params, body }) =>
    organisations.updateOrganisation(ctx, meta, actor, params.organisationId, body),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.remove,
    { permission: "delete_organisation" },
    async ({ actor, meta, params }) => {
      await organisations.deleteOrganisation(ctx, meta, actor, params.organisationId);
      return null;
    },
  );
  defineRoute(app, ctx, organisationsApi.staff, { permission: "view_organisation_users" }, ({ actor, params }) =>
    organisations.listOrganisationStaff(ctx, actor, params.organisationId),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.addStaff,
    { permission: "create_organisation_users" },
    ({ actor, meta, params, body }) =>
      organisations.addOrganisationMember(ctx, meta, actor, params.organisationId, body),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.updateStaff,
    { permission: "create_organisation_users" },
    ({ actor, meta, params, body }) =>
      organisations.updateOrganisationMember(ctx, meta, actor, params.organisationId, params.userId, body),
  );
  defineRoute(
    app,
    ctx,
    organisationsApi.removeStaff,
    { permission: "delete_organisation_users" },
    async ({ actor, meta, params }) => {
      await organisations.removeOrganisationMember(ctx, meta, actor, params.organisationId, params.userId);
      return null;
    },
  );
};
