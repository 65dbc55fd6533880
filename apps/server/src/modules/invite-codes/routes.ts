import { inviteCodesApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as codes from "./service.js";

export const registerInviteCodeRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, inviteCodesApi.list, { permission: "view_public_invite_codes" }, ({ scope, query }) =>
    codes.listCodes(scope, query.projectId),
  );
  defineRoute(app, ctx, inviteCodesApi.create, { permission: "create_public_invite_codes" }, ({ scope, body }) =>
    codes.createCode(scope, body.projectId, body),
  );
  defineRoute(app, ctx, inviteCodesApi.update, { permission: "edit_public_invite_codes" }, ({ scope, body }) =>
    codes.updateCodeExpiry(scope, body.projectId, body),
  );
  defineRoute(app, ctx, inviteCodesApi.deactivate, { permission: "create_public_invite_codes" }, ({ scope, body }) =>
    codes.deactivateCode(scope, body.projectId),
  );
};
