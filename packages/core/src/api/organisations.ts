import { z } from "zod";
import { roles } from "../access.js";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { emailField, optionalText, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, paged, pageQuery } from "./endpoint.js";

export const idParam = (name: string) => z.strictObject({ [name]: z.string().regex(UUID_PATTERN) });
const organisationIdParams = z.strictObject({ organisationId: z.string().regex(UUID_PATTERN) });
const memberParams = organisationIdParams.extend({ userId: z.string().regex(UUID_PATTERN) });

export const organisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  programCount: z.number().int(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationNameField = requiredText(limits.text.organisationName);
export const createOrganisationBody = z.strictObject({
  name: organisationNameField,
  description: optionalText(limits.text.description),
});
export const updateOrganisationBody = z.strictObject({
  name: organisationNameField.optional(),
  description: optionalText(limits.text.description),
});

export const teamMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  role: z.enum(roles),
  inviteAccepted: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

const teamMemberFields = {
  firstName: requiredText(limits.text.teamName, messages.teamMemberFirstNameRequired),
  lastName: requiredText(limits.text.teamName, messages.teamMemberLastNameRequired),
  displayName: optionalText(limits.text.displayName),
  email: emailField(limits.text.email, messages.teamMemberEmailRequired),
};
export const createTeamMemberBody = z.strictObject({
  ...teamMemberFields,
  role: z.enum(roles, { error: messages.required }),
});
/** The role is locked once a member exists: an update sends the member without it. */
export const updateTeamMemberBody = z.strictObject(teamMemberFields);

export const organisationsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/organisations",
    summary: "Organisations the user may see, searched by name (term, lowercased).",
    tags: ["organisations"],
    auth: true,
    query: pageQuery(limits.pageSize.organisations).extend({
      term: z.string().trim().toLowerCase().max(limits.text.organisationName).optional(),
    }),
    response: paged(organisationSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/organisations",
    summary: "Create an organisation.",
    tags: ["organisations"],
    auth: true,
    body: createOrganisationBody,
    response: z.object({ organisationId: z.string() }),
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/organisations/:organisationId",
    summary: "One organisation.",
    tags: ["organisations"],
    auth: true,
    params: organisationIdParams,
    response: organisationSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/organisations/:organisationId",
    summary: "Rename an organisation.",
    tags: ["organisations"],
    auth: true,
    params: organisationIdParams,
    body: updateOrganisationBody,
    response: organisationSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/organisations/:organisationId",
    summary: "Delete an organisation that has no programs left.",
    tags: ["organisations"],
    auth: true,
    params: organisationIdParams,
    response: emptyResponse,
    status: 204,
  }),
  choices: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/organisations",
    summary: "Names of the organisations the user may work with (for pickers).",
    tags: ["organisations"],
    auth: true,
    response: z.object({ results: z.array(z.object({ organisationId: z.string(), name: z.string() })) }),
  }),
  staff: endpoint({
    method: "GET",
    path: "/api/v1/admin/organisations/:organisationId/staff",
    summary: "Team members of an organisation.",
    tags: ["organisations"],
    auth: true,
    params: organisationIdParams,
    response: paged(teamMemberSchema),
  }),
  addStaff: endpoint({
    method: "POST",
    path: "/api/v1/admin/organisations/:organisationId/staff",
    summary: "Add a team member and e-mail them an invitation.",
    tags: ["organisations"],
    auth: true,
    params: organisationIdParams,
    body: createTeamMemberBody,
    response: teamMemberSchema,
    status: 201,
  }),
  updateStaff: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/organisations/:organisationId/staff/:userId",
    summary: "Change a team member's names and e-mail (the role is locked).",
    tags: ["organisations"],
    auth: true,
    params: memberParams,
    body: updateTeamMemberBody,
    response: teamMemberSchema,
  }),
  removeStaff: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/organisations/:organisationId/staff/:userId",
    summary: "Remove a team member from the organisation (their account stays).",
    tags: ["organisations"],
    auth: true,
    params: memberParams,
    response: emptyResponse,
    status: 204,
  }),
} as const;
