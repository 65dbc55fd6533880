import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { phoneToE164 } from "../rules/phone-numbers.js";
import type { Territory } from "../rules/programs.js";
import { EMAIL_PATTERN, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";
import { staffTextTranslationsInput, staffTextTranslationsSchema } from "./staff-text.js";

const uuid = z.string().regex(UUID_PATTERN);
const projectParams = z.strictObject({ projectId: uuid });
const contactParams = projectParams.extend({ contactId: uuid });

export const careTeamContactSchema = z.object({
  id: z.string(),
  careTeamName: z.string(),
  generalGuidance: z.string(),
  /** The guidance in other languages (issue 31 §3); generalGuidance is the program default language's. */
  generalGuidanceTranslations: staffTextTranslationsSchema.optional(),
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

const contactFields = z.strictObject({
  careTeamName: requiredText(limits.text.careTeamName, messages.careTeamNameRequired),
  generalGuidance: longText.default(""),
  /** Left out: the contact keeps the translations it has (an older client replaces the rest only). */
  generalGuidanceTranslations: staffTextTranslationsInput(limits.text.careTeamText).optional(),
  hoursOfOperation: longText.default(""),
  contactPhones: contactRows(limits.careTeam.maxPhones, messages.careTeamMaxPhones(limits.careTeam.maxPhones)).default(
    [],
  ),
  contactEmails: contactRows(limits.careTeam.maxEmails, messages.careTeamMaxEmails(limits.careTeam.maxEmails)).default(
    [],
  ),
});
type ContactFields = z.output<typeof contactFields>;

/** What a typed phone may look like before the program's territory is known: digits, spaces, + ( ) - . */
const PHONE_TEXT = /^\+?[0-9 ()\-.]+$/;
const looksLikePhone = (phone: string) => {
  const digits = phone.replace(/\D/g, "").length;
  return PHONE_TEXT.test(phone) && digits >= 7 && digits <= 15;
};

/**
 * The rows' field errors (contactPhones.1), a phone checked by `phoneValid`: its shape before the
 * program's territory is known, the territory's own rule after. A function, not the territory, so
 * that the route's schema, which the patient app's client carries too, never reaches the phone
 * metadata (28 kB of the patient app's 150 kB budget).
 */
const checkContact = (v: ContactFields, phoneValid: (phone: string) => boolean) => {
  const errors: { path: (string | number)[]; message: string }[] = [];
  v.contactPhones.forEach((phone, i) => {
    if (phone !== "" && !phoneValid(phone))
      errors.push({ path: ["contactPhones", i], message: messages.careTeamPhoneInvalid });
  });
  v.contactEmails.forEach((email, i) => {
    if (email !== "" && !EMAIL_PATTERN.test(email))
      errors.push({ path: ["contactEmails", i], message: messages.invalidEmail });
  });
  if (filled(v.contactPhones).length === 0 && filled(v.contactEmails).length === 0)
    errors.push({ path: ["contactPhones"], message: messages.careTeamContactMethodRequired });
  return errors;
};

/**
 * The phone numbers of a contact in the program's territory (issue 33): each filled row as a
 * number of the territory or an international one, or its field error (contactPhones.1, the row
 * as typed, blank rows counted).
 */
export const careTeamPhoneErrors = (phones: readonly string[], territory: Territory) =>
  phones.flatMap((phone, i) =>
    phone.trim() !== "" && phoneToE164(phone, territory) === null
      ? [{ field: `contactPhones.${i}`, message: messages.careTeamPhoneInvalid }]
      : [],
  );

/** A checked contact as stored: blank rows dropped, phones in E.164 (+441132068000). */
export const storedCareTeamContact = <T extends { contactPhones: string[]; contactEmails: string[] }>(
  v: T,
  territory: Territory,
): T => ({
  ...v,
  contactPhones: filled(v.contactPhones).map((phone) => phoneToE164(phone, territory) ?? phone),
  contactEmails: filled(v.contactEmails),
});

/**
 * One care team contact as created or replaced: a name, optional guidance and hours,
 * and at least one phone or e-mail. Field errors carry the row index (contactPhones.1), so the
 * form puts them beside the row; the missing-contact-method error goes on contactPhones. The
 * route checks a phone's shape; the service, knowing the program's territory, checks the number
 * and stores it in E.164 (careTeamPhoneErrors, storedCareTeamContact). Blank rows stay here so
 * that the service's errors name the row as typed.
 */
export const careTeamContactBody = contactFields.superRefine((v, ctx) => {
  for (const { path, message } of checkContact(v, looksLikePhone)) ctx.addIssue({ code: "custom", path, message });
});

/** The form's schema in a program of `territory`: the server's whole rule, and the stored shape. */
export const careTeamContactBodyIn = (territory: Territory) =>
  contactFields
    .superRefine((v, ctx) => {
      for (const { path, message } of checkContact(v, (phone) => phoneToE164(phone, territory) !== null))
        ctx.addIssue({ code: "custom", path, message });
    })
    .transform((v) => storedCareTeamContact(v, territory));
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
