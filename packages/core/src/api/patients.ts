import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { patientIdProblem } from "../rules/patient-ids.js";
import { enrolmentFilters, patientStatuses, verificationStatuses } from "../rules/patients.js";
import { patientIdTypes, type Territory } from "../rules/programs.js";
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
  // The server always sends the three below; optional only so that client-side schemas written
  // before they existed still type-check against this one.
  /** Date of birth (YYYY-MM-DD) as the patient gave it; null until they do. */
  dob: z.string().nullable().optional(),
  /**
   * Open (not yet acknowledged) symptom logs at a danger grade; null unless asked for
   * (showSevereSymptomsCount) by staff allowed to see the counts.
   */
  severeSymptomsCount: z.number().int().nullable().optional(),
  /** Unresolved (Open or Taken) care-team alerts of the patient in this program (the list only). */
  openAlertCount: z.number().int().optional(),
  isProjectActive: z.boolean().optional(),
  /**
   * What the patient entered (the name they signed up with, the date of birth and sex they gave
   * this program), beside what the program entered, for the verifier to compare. Only once the
   * patient has consented to THIS program; null before (and absent where not sent).
   */
  patientEntered: z
    .object({ firstName: z.string(), lastName: z.string(), dob: z.string().nullable(), sex: z.string().nullable() })
    .nullable()
    .optional(),
});
export type EnrolledPatient = z.infer<typeof enrolledPatientSchema>;

export const cancerTypeSchema = z.object({
  cancerType: z.string(),
  cancerStage: z.string().nullable(),
  diagnosisDate: z.string().nullable(),
});
export type CancerType = z.infer<typeof cancerTypeSchema>;

/** One patient as the details drawer shows them: the enrolment, demographics and clinical facts. */
export const patientDetailsSchema = enrolledPatientSchema.extend({
  consentedEmail: z.string().nullable(),
  gender: z.string().nullable(),
  postcode: z.string().nullable(),
  cancerTypes: z.array(cancerTypeSchema),
  /** The first and last calendar day with any log (null: nothing logged yet). */
  reportsEarliestDate: z.string().nullable(),
  reportsLatestDate: z.string().nullable(),
});
export type PatientDetails = z.infer<typeof patientDetailsSchema>;

const patientFields = {
  firstName: requiredText(limits.text.teamName, messages.patientFirstNameRequired),
  lastName: requiredText(limits.text.teamName, messages.patientLastNameRequired),
  email: emailField(limits.text.email, messages.patientEmailRequired),
  patientIdType: z.enum(patientIdTypeIds, { error: messages.patientIdTypeRequired }),
  patientId: z.string({ error: messages.patientIdRequired }).max(64, messages.maxLength(64)),
};
/**
 * The identifier check of the new-patient and edit-patient forms, one rule (core's
 * patientIdProblem) for the contract and the web form. The contract runs it without a territory
 * (the program is not known yet); the form and the service with the program's.
 */
export const refinePatientId =
  (territory?: Territory) =>
  (v: { patientIdType?: string | undefined; patientId?: string | undefined }, ctx: z.RefinementCtx) => {
    if (!v.patientIdType || v.patientId === undefined) return;
    const problem = patientIdProblem(v.patientIdType, v.patientId, territory);
    if (problem) ctx.addIssue({ code: "custom", path: ["patientId"], message: problem });
  };
const checkPatientId = refinePatientId();

/** The spec's text rule: letters, digits, spaces and . , ' ? ! / ( ) @ & - + ; */
const clinicalText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, messages.maxLength(max))
    .regex(/^[\p{L}\p{N}\s.,'?!/()@&+;-]*$/u, messages.unsupportedCharacters);

/** UK, US or Swiss: letters, digits, spaces and dashes, stored upper case with single spaces; "" clears. */
const postcodeField = z
  .string({ error: messages.unsupportedCharacters })
  .transform((v) => v.trim().replace(/\s+/g, " ").toUpperCase())
  .pipe(
    z
      .string()
      .max(10, messages.maxLength(10))
      .regex(/^[A-Z0-9 -]*$/, messages.unsupportedCharacters),
  )
  .transform((v) => v || null)
  .nullable();

const cancerTypeInput = z.strictObject({
  cancerType: clinicalText(100).min(1, messages.required),
  cancerStage: clinicalText(50)
    .nullable()
    .optional()
    .transform((v) => v || null),
  diagnosisDate: z.iso
    .date({ error: messages.dateInvalid })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export const createPatientBody = z.strictObject({ ...patientFields, projectId: uuid }).superRefine(checkPatientId);
export const updatePatientBody = z
  .strictObject({
    firstName: patientFields.firstName.optional(),
    lastName: patientFields.lastName.optional(),
    email: patientFields.email.optional(),
    patientIdType: patientFields.patientIdType.optional(),
    patientId: patientFields.patientId.optional(),
    postcode: postcodeField.optional(),
    cancerTypes: z.array(cancerTypeInput).max(10).optional(),
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

export const patientsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/users",
    summary:
      "Patients of a program, by name or by open severe symptoms, searched and filtered by status, with their severe-symptom counts on request.",
    tags: ["patients"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    query: pageQuery(limits.pageSize.patients).extend({
      term: z.string().trim().max(256, messages.maxLength(256)).optional(),
      statuses: listOf(z.enum(enrolmentFilters)),
      verification_status: listOf(z.enum(verificationStatuses)),
      /** Fill severeSymptomsCount (for staff allowed to see the counts). */
      showSevereSymptomsCount: z
        .enum(["true", "false"], { error: messages.chooseAnOption })
        .optional()
        .transform((v) => v === "true"),
      /** By last then first name, or by open severe symptoms (ties by name). */
      orderBy: z.enum(["name", "severeSymptoms"], { error: messages.chooseAnOption }).default("name"),
      orderDir: z.enum(["asc", "desc"], { error: messages.chooseAnOption }).default("asc"),
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
    summary: "One patient of a program, with demographics, clinical facts and the first and last day with data.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    response: patientDetailsSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/users/:userId",
    summary: "Edit a patient's names, e-mail (before they accepted), identifier, postcode and cancer types.",
    tags: ["patients"],
    auth: true,
    params: userParams,
    query: projectQuery,
    body: updatePatientBody,
    response: patientDetailsSchema,
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
  withdrawConsent: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/users/:userId/consent",
    summary: "Withdraw a patient's consent (consentGiven false).",
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
