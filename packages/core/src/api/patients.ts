import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { patientIdProblem } from "../rules/patient-ids.js";
import { enrolmentFilters, patientStatuses, verificationStatuses } from "../rules/patients.js";
import { patientIdTypes } from "../rules/programs.js";
import { emailField, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, messageResponse, paged, pageQuery } from "./endpoint.js";

const uuid = z.string().regex(UUID_PATTERN);
const patientIdTypeIds = patientIdTypes.map((t) => t.id) as [string, ...string[]];
const projectQuery = z.object({ projectId: uuid });
const userParams = z.strictObject({ userId: uuid });
/** Query values arrive as "A,B" or repeated keys. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(item)).optional();

export const statusEntrySchema = z.object({ status: z.enum(patientStatuses), date: z.string() });
export const verificationEntrySchema = z.object({
  verificationStatus: z.enum(verificationStatuses),
  dateUpdated: z.string(),
});

export const enrolledPatientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  patientIdType: z.string().nullable(),
  patientId: z.string().nullable(),
  status: z.enum(patientStatuses),
  statusHistory: z.array(statusEntrySchema),
  verificationStatus: z.enum(verificationStatuses),
  verificationStatusHistory: z.array(verificationEntrySchema),
  consentGiven: z.boolean(),
  dateConsentGiven: z.string().nullable(),
  dateConsentRevoked: z.string().nullable(),
  inviteAccepted: z.boolean(),
  enrolledWith: z.enum(["individual", "public"]),
  createdAt: z.string(),
});
export type EnrolledPatient = z.infer<typeof enrolledPatientSchema>;

const patientFields = {
  firstName: requiredText(limits.text.teamName, messages.patientFirstNameRequired),
  lastName: requiredText(limits.text.teamName, messages.patientLastNameRequired),
  email: emailField(limits.text.email, messages.patientEmailRequired),
  patientIdType: z.enum(patientIdTypeIds, { error: messages.patientIdTypeRequired }),
  patientId: z.string({ error: messages.patientIdRequired }).max(64),
};
const checkPatientId = (
  v: { patientIdType?: string | undefined; patientId?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.patientIdType === undefined || v.patientId === undefined) return;
  const problem = patientIdProblem(v.patientIdType, v.patientId);
  if (problem) ctx.addIssue({ code: "custom", path: ["patientId"], message: problem });
};

export const createPatientBody = z.strictObject({ ...patientFields, projectId: uuid }).superRefine(checkPatientId);
export const updatePatientBody = z
  .strictObject({
    firstName: patientFields.firstName.optional(),
    lastName: patientFields.lastName.optional(),
    email: patientFields.email.optional(),
    patientIdType: patientFields.patientIdType.optional(),
    patientId: patientFields.patientId.optional(),
  })
  .superRefine(checkPatientId);

export const patientSearchRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string().nullable(),
  inviteEmail: z.string(),
  consentedEmail: z.string().nullable(),
  patientId: z.string().nullable(),
  patientIdType: z.string().nullable(),
  patientStatus: z.enum(patientStatuses),
  project: z.object({ projectId: z.string(), name: z.string() }),
});
export type PatientSearchRecord = z.infer<typeof patientSearchRecordSchema>;

export const publicInviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  dateCreated: z.string(),
  dateExpires: z.string(),
  dateDeactivated: z.string().nullable(),
});
export type PublicInviteCode = z.infer<typeof publicInviteCodeSchema>;
const dateExpiresField = z
  .string({ error: messages.required })
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?$/, messages.required);

export const patientsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/users",
    summary: "Patients of a program, ordered by last then first name, searched and filtered by status.",
    tags: ["patients"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    query: pageQuery(limits.pageSize.patients).extend({
      term: z.string().trim().max(256, messages.maxLength(256)).optional(),
      statuses: listOf(z.enum(enrolmentFilters)),
      verification_status: listOf(z.enum(verificationStatuses)),
    }),
    response: paged(enrolledPatientSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/users",
    summary: "Add a patient to a program and e-mail the invitation (reminders follow after 7 and 14 days).",
    tags: ["patients"],
    auth: true,
    body: createPatientBody,
    response: z.object({ userId: z.string(), message: z.string() }),
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/users/:userId",
    summary: "One patient of a program.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    response: enrolledPatientSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/users/:userId",
    summary: "Edit a patient's names, e-mail (before they accepted) and identifier.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    body: updatePatientBody,
    response: enrolledPatientSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/users/:userId",
    summary: "Delete the patient's profile from the program.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    response: emptyResponse,
    status: 204,
  }),
  resendInvite: endpoint({
    method: "POST",
    path: "/api/v1/users/:userId",
    summary: "Send the patient's invitation again (a fresh link).",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    response: messageResponse,
  }),
  batchInvite: endpoint({
    method: "POST",
    path: "/api/v1/users/batch/invite",
    summary: "Send the invitation again to several patients of a program.",
    tags: ["patients"],
    auth: true,
    body: z.strictObject({ projectId: uuid, userIds: z.array(uuid).min(1).max(500) }),
    response: z.object({ sent: z.number().int(), skipped: z.number().int() }),
  }),
  verify: endpoint({
    method: "PATCH",
    path: "/api/v1/users/:userId/verify",
    summary: "Verify a patient awaiting verification, with their identifier.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    body: z.strictObject({
      patientId: z.string({ error: messages.patientIdRequired }).trim().min(1, messages.patientIdRequired).max(64),
    }),
    response: messageResponse,
  }),
  decline: endpoint({
    method: "PATCH",
    path: "/api/v1/users/:userId/decline",
    summary: "Decline a patient awaiting verification.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    response: messageResponse,
  }),
  setConsent: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/users/:userId/consent",
    summary: "Retract a patient's consent (consentGiven false).",
    tags: ["patients"],
    auth: true,
    params: z.strictObject({ projectId: uuid, userId: uuid }),
    body: z.strictObject({ consentGiven: z.literal(false) }),
    response: messageResponse,
  }),
  search: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/patients",
    summary: "Search the patients of every program the user may see (name, e-mail or identifier).",
    tags: ["patients"],
    auth: true,
    query: pageQuery(limits.pageSize.patients).extend({
      term: z
        .string({ error: messages.searchMinLength })
        .trim()
        .min(2, messages.searchMinLength)
        .max(256, messages.maxLength(256)),
    }),
    response: paged(patientSearchRecordSchema),
  }),
} as const;

export const inviteCodesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/invite-codes",
    summary: "The active public invite code of a program and its deactivated ones.",
    tags: ["invite-codes"],
    auth: true,
    query: projectQuery,
    response: z.object({ active: publicInviteCodeSchema.nullable(), inactive: z.array(publicInviteCodeSchema) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/invite-codes",
    summary: "Create the program's public invite code (the current one, if any, is deactivated).",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid, dateExpires: dateExpiresField }),
    response: publicInviteCodeSchema,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/invite-codes",
    summary: "Change the expiry of the active code.",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid, dateExpires: dateExpiresField }),
    response: publicInviteCodeSchema,
  }),
  deactivate: endpoint({
    method: "POST",
    path: "/api/v1/invite-codes/deactivate",
    summary: "Deactivate the active code.",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid }),
    response: messageResponse,
  }),
} as const;

const inviteCodeParam = z.strictObject({ inviteCode: z.string().min(4).max(200) });

export const patientSideApi = {
  invite: endpoint({
    method: "GET",
    path: "/api/v1/auth/users-invite/:inviteCode",
    summary: "What an invite link (personal, or a program's public code) leads to.",
    tags: ["patient-side"],
    auth: false,
    params: inviteCodeParam,
    response: z.object({
      consentMessage: z.string(),
      hasAccepted: z.boolean(),
      programId: z.string(),
      programName: z.string(),
      email: z.string().nullable(),
      kind: z.enum(["individual", "public"]),
    }),
  }),
  consent: endpoint({
    method: "PATCH",
    path: "/api/v1/user/project/:projectId/consent",
    summary: "The signed-in patient gives (or withdraws) consent to a program.",
    tags: ["patient-side"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    body: z.strictObject({ consentGiven: z.boolean() }),
    response: messageResponse,
  }),
  consentDeclined: endpoint({
    method: "PATCH",
    path: "/api/v1/user/project/:projectId/consent-declined",
    summary: "The signed-in patient declines to take part.",
    tags: ["patient-side"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    response: messageResponse,
  }),
  demographics: endpoint({
    method: "PATCH",
    path: "/api/v1/user/demographics",
    summary: "The signed-in patient's sex and date of birth (at least 18 years ago).",
    tags: ["patient-side"],
    auth: true,
    body: z.strictObject({
      sex: z.enum(["female", "male", "intersex", "prefer_not_to_say"], { error: messages.sexRequired }),
      dob: z.string({ error: messages.dobRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, messages.dobRequired),
    }),
    response: messageResponse,
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/v1/questionnaire-reminders/unsubscribe",
    summary: "Stop questionnaire reminder e-mails (the link's signed token proves the address).",
    tags: ["patient-side"],
    auth: false,
    body: z.strictObject({
      email: z.string().max(400),
      userId: uuid,
      token: z.string().min(10).max(200),
      isEnabled: z.literal(false),
    }),
    response: messageResponse,
  }),
  studyEnded: endpoint({
    method: "GET",
    path: "/api/v1/external-onboarding/:programId",
    summary: "200 when the study has ended (the study-ended page), 404 otherwise.",
    tags: ["patient-side"],
    auth: false,
    params: z.strictObject({ programId: uuid }),
    response: z.object({ programName: z.string(), ended: z.literal(true) }),
  }),
} as const;
