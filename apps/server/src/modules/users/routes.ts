import { usersApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as users from "./service.js";

export const registerUserRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, usersApi.list, { permission: "view_user" }, async ({ scope, query, reply }) =>
    withTotalCount(reply, await users.listUsers(scope, query)),
  );
  defineRoute(app, ctx, usersApi.get, { permission: "view_user" }, ({ scope, params }) =>
    users.getUser(scope, params.userId),
  );
  defineRoute(app, ctx, usersApi.update, { permission: "edit_user" }, ({ scope, params, body }) =>
    users.updateUserAccount(scope, params.userId, body),
  );
  defineRoute(app, ctx, usersApi.remove, { permission: "delete_user" }, ({ scope, params }) =>
    users.deleteUserAccount(scope, params.userId),
  );
};
