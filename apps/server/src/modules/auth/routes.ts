import { authApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as invitations from "./invitations.js";
import * as auth from "./service.js";

export const registerAuthRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, authApi.login, {}, ({ body, meta }) => auth.login(ctx, meta, body));
  defineRoute(app, ctx, authApi.sendLoginOtp, { scope: "any" }, ({ actor, meta }) =>
    auth.resendLoginCode(ctx, meta, actor),
  );
  defineRoute(app, ctx, authApi.verifyLoginOtp, { scope: "any" }, ({ actor, meta, body }) =>
    auth.verifyLoginCode(ctx, meta, actor, body.otpCode),
  );
  defineRoute(app, ctx, authApi.refresh, {}, ({ body, meta }) => auth.refresh(ctx, meta, body.refreshToken));
  defineRoute(app, ctx, authApi.logout, { scope: "any" }, ({ actor, meta }) => auth.logout(ctx, meta, actor));
  defineRoute(app, ctx, authApi.current, { scope: "any" }, async ({ actor }) => auth.toCurrentUser(actor));
  defineRoute(app, ctx, authApi.updateCurrent, { scope: "any" }, ({ actor, meta, body }) =>
    auth.updateCurrentUser(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, authApi.changePassword, { scope: "any" }, ({ actor, meta, body }) =>
    auth.changePassword(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, authApi.resetSendOtp, {}, ({ body, meta }) =>
    auth.requestResetOtp(ctx, meta, body.email, body.scope),
  );
  defineRoute(app, ctx, authApi.resetVerifyOtp, {}, ({ body, meta }) =>
    auth.verifyResetOtp(ctx, meta, body.email, body.otpCode, body.scope),
  );
  defineRoute(app, ctx, authApi.resetWithOtp, {}, ({ body, meta }) => auth.resetWithOtp(ctx, meta, body));
  defineRoute(app, ctx, authApi.resetCodeRequest, {}, ({ body, meta }) => auth.requestResetCode(ctx, meta, body.email));
  defineRoute(app, ctx, authApi.resetCodeCheck, {}, ({ body, meta }) =>
    auth.checkResetCode(ctx, meta, body.resetCode, body.email),
  );
  defineRoute(app, ctx, authApi.resetWithCode, {}, ({ body, meta }) => auth.resetWithCode(ctx, meta, body));
  defineRoute(app, ctx, authApi.staffInviteCheck, {}, ({ query }) => invitations.checkStaffInvite(ctx, query));
  defineRoute(app, ctx, authApi.staffInviteAccept, {}, ({ actor, meta, body }) =>
    invitations.acceptStaffInvite(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, authApi.register, {}, ({ meta, body }) => invitations.register(ctx, meta, body));
};
