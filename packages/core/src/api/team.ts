import { z } from "zod";
import { UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, messageResponse, paged } from "./endpoint.js";
import { createTeamMemberBody, teamMemberSchema, updateTeamMemberBody } from "./organisations.js";

const projectParams = z.strictObject({ projectId: z.string().regex(UUID_PATTERN) });
const memberParams = projectParams.extend({ userId: z.string().regex(UUID_PATTERN) });

/** The program's team (its Team tab); organisation teams are in organisations.ts. */
export const programTeamApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/staff",
    summary: "Team members of a program, sorted by name.",
    tags: ["team"],
    auth: true,
    params: projectParams,
    response: paged(teamMemberSchema),
  }),
  add: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/staff",
    summary: "Add a team member to a program and e-mail them an invitation.",
    tags: ["team"],
    auth: true,
    params: projectParams,
    body: createTeamMemberBody,
    response: teamMemberSchema,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/staff/:userId",
    summary: "Change a team member's names and e-mail (the role is locked).",
    tags: ["team"],
    auth: true,
    params: memberParams,
    body: updateTeamMemberBody,
    response: teamMemberSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/staff/:userId",
    summary: "Remove a team member from the program; with deleteProfile=true also delete their account.",
    tags: ["team"],
    auth: true,
    params: memberParams,
    query: z.object({ deleteProfile: z.enum(["true", "false"]).default("false") }),
    response: emptyResponse,
    status: 204,
  }),
  resendInvite: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/staff/:userId/invite",
    summary: "Send a team member who has not accepted yet a fresh invitation.",
    tags: ["team"],
    auth: true,
    params: memberParams,
    response: messageResponse,
  }),
} as const;
