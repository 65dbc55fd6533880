import { careTeamApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as careTeam from "./service.js";

/** Staff who may see the program read its contacts (patients will, in the app); editing needs edit_project. */
export const registerCareTeamRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, careTeamApi.list, { permission: "view_project" }, ({ scope, params }) =>
    careTeam.listContacts(scope, params.projectId),
  );
  defineRoute(app, ctx, careTeamApi.create, { permission: "edit_project" }, ({ scope, params, body }) =>
    careTeam.createContact(scope, params.projectId, body),
  );
  defineRoute(app, ctx, careTeamApi.update, { permission: "edit_project" }, ({ scope, params, body }) =>
    careTeam.updateContact(scope, params.projectId, params.contactId, body),
  );
  defineRoute(app, ctx, careTeamApi.remove, { permission: "edit_project" }, ({ scope, params }) =>
    careTeam.deleteContact(scope, params.projectId, params.contactId),
  );
};
