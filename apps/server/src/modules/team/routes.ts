import { programTeamApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import { getProgram } from "../programs/service.js";
import * as team from "./service.js";

/** The program's team, once the program is known to be in the actor's reach (404 otherwise). */
const programTeam = async (ctx: AppContext, actor: Actor, programId: string): Promise<team.Team> => {
  const program = await getProgram(ctx, actor, programId);
  return { ref: { kind: "program", id: programId }, name: program.name };
};

export const registerProgramTeamRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    programTeamApi.list,
    { permission: "view_project_staff_members" },
    async ({ actor, params, reply }) => {
      const page = await team.listMembers(ctx, await programTeam(ctx, actor, params.projectId));
      reply.header("X-Total-Count", String(page.totalCount));
      return page;
    },
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.add,
    { permission: "create_project_staff_member" },
    async ({ actor, meta, params, body }) =>
      team.addMember(ctx, meta, actor, await programTeam(ctx, actor, params.projectId), body),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.update,
    { permission: "edit_project_staff_member" },
    async ({ actor, meta, params, body }) =>
      team.updateMember(ctx, meta, actor, await programTeam(ctx, actor, params.projectId), params.userId, body),
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.remove,
    { permission: "delete_project_staff_member" },
    async ({ actor, meta, params, query }) => {
      await team.removeMember(ctx, meta, actor, await programTeam(ctx, actor, params.projectId), params.userId, {
        deleteProfile: query.deleteProfile === "true",
      });
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    programTeamApi.resendInvite,
    { permission: "create_project_staff_member" },
    async ({ actor, meta, params }) =>
      team.resendMemberInvite(ctx, meta, actor, await programTeam(ctx, actor, params.projectId), params.userId),
  );
};
