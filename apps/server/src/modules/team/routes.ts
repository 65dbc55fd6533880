import { programTeamApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as team from "./service.js";

/** The program's team, in the program scope defineRoute resolved (404 outside the actor's reach). */
const programTeam = async (scope: RequestScope, programId: string): Promise<team.Team> => {
  const { program } = await inProgram(scope, programId);
  return { ref: { kind: "program", id: programId }, name: program.name };
};

export const registerProgramTeamRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    programTeamApi.list,
    { permission: "view_project_staff_members" },
    async ({ scope, params, reply }) =>
      withTotalCount(reply, await team.listMembers(ctx, await programTeam(scope, params.projectId))),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.add,
    { permission: "create_project_staff_member" },
    async ({ scope, params, body }) => team.addMember(scope, await programTeam(scope, params.projectId), body),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.update,
    { permission: "edit_project_staff_member" },
    async ({ scope, params, body }) =>
      team.updateMember(scope, await programTeam(scope, params.projectId), params.userId, body),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.remove,
    { permission: "delete_project_staff_member" },
    async ({ scope, params, query }) =>
      team.removeMember(scope, await programTeam(scope, params.projectId), params.userId, {
        deleteProfile: query.deleteProfile === "true",
      }),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.resendInvite,
    { permission: "create_project_staff_member" },
    async ({ scope, params }) =>
      team.resendMemberInvite(scope, await programTeam(scope, params.projectId), params.userId),
  );
};
