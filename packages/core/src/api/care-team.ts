import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { EMAIL_PATTERN, PHONE_PATTERN, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";

const uuid = z.string().regex(UUID_PATTERN);
const projectParams = z.strictObject({ projectId: uuid });
const contactParams = projectParams.extend({ contactId: uuid });

export const careTeamContactSchema = z.object({
  id: z.string(),
  careTeamName: z.string(),
  generalGuidance: z.string(),
  hoursOfOperation: z.string(),
  contactPhones: z.array(z.string()),
  contactEmails: z.array(z.string()),
});
export type CareTeamContact = z.infer<typeof careTeamContactSchema>;

const longText = z.string().trim().max(limits.text.careTeamText, messages.maxLength(limits.text.careTeamText));
/** Blank rows are allowed while typing and dropped on the way in; each filled one is checked. */
const contactRows = (max: number, tooMany: string) =>
  z.array(z.string().trim().max(limits.text.email)).max(max, tooMany);
const filled = (rows: readonly string[]) => rows.filter((row) => row !== "");

/**
 * One care team contact as created or replaced: a name, optional guidance and hours,
 * and at least one phone or e-mail. Field errors carry the row index (contactPhones.1), so the
 * form puts them beside the row; the missing-contact-method error goes on contactPhones.
 */
export const careTeamContactBody = z
  .strictObject({
    careTeamName: requiredText(limits.text.careTeamName, messages.careTeamNameRequired),
    generalGuidance: longText.default(""),
    hoursOfOperation: longText.default(""),
    contactPhones: contactRows(
      limits.careTeam.maxPhones,
      messages.careTeamMaxPhones(limits.careTeam.maxPhones),
    ).default([]),
    contactEmails: contactRows(
      limits.careTeam.maxEmails,
      messages.careTeamMaxEmails(limits.careTeam.maxEmails),
    ).default([]),
  })
  .superRefine((v, ctx) => {
    v.contactPhones.forEach((phone, i) => {
      if (phone !== "" && !PHONE_PATTERN.test(phone))
        ctx.addIssue({ code: "custom", path: ["contactPhones", i], message: messages.careTeamPhoneInvalid });
    });
    v.contactEmails.forEach((email, i) => {
      if (email !== "" && !EMAIL_PATTERN.test(email))
        ctx.addIssue({ code: "custom", path: ["contactEmails", i], message: messages.invalidEmail });
    });
    if (filled(v.contactPhones).length === 0 && filled(v.contactEmails).length === 0)
      ctx.addIssue({ code: "custom", path: ["contactPhones"], message: messages.careTeamContactMethodRequired });
  })
  .transform((v) => ({ ...v, contactPhones: filled(v.contactPhones), contactEmails: filled(v.contactEmails) }));
export type CareTeamContactInput = z.input<typeof careTeamContactBody>;

/** The contacts patients see for a program (the Care Team Information tab): at most five. */
export const careTeamApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/care-team-contacts",
    summary: "The program's care team contacts, in the order they were added.",
    tags: ["care-team"],
    auth: true,
    params: projectParams,
    response: z.array(careTeamContactSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/care-team-contacts",
    summary: "Add a care team contact (at most five per program).",
    tags: ["care-team"],
    auth: true,
    params: projectParams,
    body: careTeamContactBody,
    response: careTeamContactSchema,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/care-team-contacts/:contactId",
    summary: "Replace a care team contact's name, guidance, hours, phones and e-mails.",
    tags: ["care-team"],
    auth: true,
    params: contactParams,
    body: careTeamContactBody,
    response: careTeamContactSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/care-team-contacts/:contactId",
    summary: "Delete a care team contact.",
    tags: ["care-team"],
    auth: true,
    params: contactParams,
    response: emptyResponse,
    status: 204,
  }),
} as const;
