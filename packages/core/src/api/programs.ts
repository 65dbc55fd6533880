import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { alertMessageMaxLength } from "../rules/alerts.js";
import { inviteModes, noteTypes, patientIdTypes, programKinds, territories } from "../rules/programs.js";
import { optionalText, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, paged, pageQuery } from "./endpoint.js";
import { staffTextTranslationsInput, staffTextTranslationsSchema } from "./staff-text.js";

const projectIdParams = z.strictObject({ projectId: z.string().regex(UUID_PATTERN) });
const patientIdTypeIds = patientIdTypes.map((t) => t.id) as [string, ...string[]];
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD");
const requiredDate = z.string({ error: messages.required }).trim().min(1, messages.required).pipe(isoDate);

export const programSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  patientProgramName: z.string().nullable(),
  description: z.string().nullable(),
  territory: z.enum(territories),
  organisationId: z.string(),
  organisationName: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  endedAt: z.string().nullable(),
  inviteMode: z.enum(inviteModes),
  /** The specification's name for it; isPrivate says the same. */
  kind: z.enum(programKinds),
  isPrivate: z.boolean(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  closed: z.boolean(),
  isProjectActive: z.boolean(),
  adverseEventReportingMessage: z.string().nullable(),
  /** Markdown shown to patients on the consent page. */
  consentMessage: z.string().nullable(),
  /**
   * The consent message in other languages (issue 31 §3): consentMessage is in the program's default
   * language (its territory's first); a patient reading a language without one sees that, marked.
   */
  consentMessageTranslations: staffTextTranslationsSchema.optional(),
  disclaimer: z.string().nullable(),
  temperatureMin: z.number().nullable(),
  temperatureMax: z.number().nullable(),
  temperatureMessage: z.string().nullable(),
  /** Shown to a patient after a severe grade the program gave no message of its own (issue 30 §1). */
  defaultAlertMessage: z.string().nullable(),
  articles: z.array(z.object({ articleId: z.string(), header: z.string(), url: z.string() })),
  consentedPatientsCount: z.number().int(),
  availableQuestionnaireTypes: z.array(z.string()),
  populateNvAppointments: z.boolean(),
  projectPeriod: z.number().int().nullable(),
  disabledNoteTypes: z.array(z.enum(noteTypes)),
  defaultPatientIdType: z.enum(patientIdTypeIds).nullable(),
  customPatientIdName: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the asking user may open it (view_project and in scope). */
  canView: z.boolean(),
});

/**
 * One program as its page loads it: `myPermissions`, the caller's permissions in this program (the
 * role its team, or its organisation's team, gave them, within their account's), gate its tabs
 * and buttons (security issue 29 §2-§3).
 */
export const programInScopeSchema = programSchema.extend({
  // The server always sends it; a client that reads a program without it (an older server, a
  // test's fixture) gates on the account's permissions, and the server still refuses the rest.
  myPermissions: z.array(z.string()).optional(),
});
export type ProgramInScope = z.infer<typeof programInScopeSchema>;
export type Program = z.infer<typeof programSchema>;

const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;
/** A temperature threshold: a decimal number (a form sends text) or null (cleared) between 20 and 50. */
const temperatureField = z
  .preprocess((v) => {
    if (typeof v !== "string") return v;
    const text = v.trim();
    if (text === "") return null;
    return DECIMAL_PATTERN.test(text) ? Number(text) : Number.NaN;
  }, z
    .number({ error: messages.notValidValue })
    .min(limits.temperature.min, messages.minValue(limits.temperature.min))
    .max(limits.temperature.max, messages.maxValue(limits.temperature.max))
    .nullable())
  .optional();

/**
 * Whole weeks, digits only. A form sends text; blank is null ("empty numerics become null",
 * 3-settings.md §7), so a period once set can be cleared.
 */
const projectPeriodField = z
  .preprocess((v) => {
    if (typeof v !== "string") return v;
    const text = v.trim();
    if (text === "") return null;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }, z
    .number({ error: messages.notValidValue })
    .int(messages.notValidValue)
    .min(1, messages.notValidValue)
    .max(520, messages.maxValue(520))
    .nullable())
  .optional();

export const articleInput = z.strictObject({
  articleId: z.string().max(100).optional(),
  header: requiredText(limits.text.articleHeader),
  url: requiredText(limits.text.articleUrl).regex(/^https?:\/\/\S+$/i, messages.invalidUrl),
});

const programFields = {
  name: requiredText(limits.text.programName, messages.programNameRequired),
  patientProgramName: optionalText(limits.text.patientProgramName),
  description: optionalText(limits.text.description),
  territory: z.enum(territories, { error: messages.required }),
  organisationId: z.string().regex(UUID_PATTERN, messages.organisationRequired).optional(),
  startDate: requiredDate,
  endDate: isoDate.optional(),
  projectPeriod: projectPeriodField,
  disabledNoteTypes: z.array(z.enum(noteTypes)).max(noteTypes.length).optional(),
  defaultPatientIdType: z.enum(patientIdTypeIds).optional(),
  customPatientIdName: optionalText(limits.text.programName),
  inviteMode: z.enum(inviteModes).default("individual"),
  populateNvAppointments: z.boolean().optional(),
  adverseEventReportingMessage: optionalText(limits.text.adverseEventMessage),
  consentMessage: optionalText(limits.text.consentMessage),
  consentMessageTranslations: staffTextTranslationsInput(limits.text.consentMessage).optional(),
  disclaimer: optionalText(limits.text.disclaimer),
  temperatureMin: temperatureField,
  temperatureMax: temperatureField,
  temperatureMessage: optionalText(limits.text.temperatureMessage),
  defaultAlertMessage: optionalText(alertMessageMaxLength),
  articles: z.array(articleInput).max(limits.articles.max, messages.maxArticles(limits.articles.max)).optional(),
  imageUrl: z.string().max(300).optional(),
  thumbnailUrl: z.string().max(300).optional(),
};

const requireCustomName = (v: {
  defaultPatientIdType?: string | undefined;
  customPatientIdName?: string | undefined;
}) => v.defaultPatientIdType !== "other" || !!v.customPatientIdName;

const temperaturesInOrder = (v: {
  temperatureMin?: number | null | undefined;
  temperatureMax?: number | null | undefined;
}) => v.temperatureMin == null || v.temperatureMax == null || v.temperatureMin <= v.temperatureMax;
const temperatureOrder = { path: ["temperatureMax"], message: messages.temperatureMinAboveMax };

export const createProgramBody = z
  .strictObject({ ...programFields, kind: z.enum(programKinds, { error: messages.required }).default("individual") })
  .refine(requireCustomName, { path: ["customPatientIdName"], message: messages.patientIdentifierNameRequired })
  .refine(temperaturesInOrder, temperatureOrder);

export const updateProgramBody = z
  .strictObject({
    ...Object.fromEntries(Object.entries(programFields).map(([key, schema]) => [key, schema.optional()])),
  } as { [K in keyof typeof programFields]: z.ZodOptional<(typeof programFields)[K]> })
  .refine(requireCustomName, { path: ["customPatientIdName"], message: messages.patientIdentifierNameRequired })
  .refine(temperaturesInOrder, temperatureOrder);

export const programsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects",
    summary: "Programs the user may see (their organisations and program teams; admin-type: all).",
    tags: ["projects"],
    auth: true,
    query: pageQuery(limits.pageSize.projects).extend({ organisationId: z.string().regex(UUID_PATTERN).optional() }),
    response: paged(programSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects",
    summary: "Create a program.",
    tags: ["projects"],
    auth: true,
    body: createProgramBody,
    response: z.object({ projectId: z.string() }),
    status: 201,
  }),
  patientIdTypes: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/patient-id-types",
    summary: "The patient identifier types a program can use.",
    tags: ["projects"],
    auth: true,
    response: z.object({ patientIdTypes: z.array(z.object({ id: z.string(), name: z.string() })) }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId",
    summary: "One program, with what the caller may do in it (the permissions of the role its team gave them).",
    tags: ["projects"],
    auth: true,
    params: projectIdParams,
    response: programInScopeSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId",
    summary: "Change a program's settings (given fields only).",
    tags: ["projects"],
    auth: true,
    params: projectIdParams,
    body: updateProgramBody,
    response: programSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId",
    summary: "Delete a program that has no patients and no team members left.",
    tags: ["projects"],
    auth: true,
    params: projectIdParams,
    response: emptyResponse,
    status: 204,
  }),
  uploadImage: endpoint({
    method: "POST",
    path: "/api/v1/admin/upload-image",
    summary: "Upload a program image (multipart field `file`; png or jpeg, at most 5 MB); returns it and a thumbnail.",
    tags: ["projects"],
    auth: true,
    response: z.object({ imageUrl: z.string(), thumbnailUrl: z.string() }),
    status: 201,
  }),
  removeImage: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/image",
    summary: 'Remove the program\'s image (3-settings.md §7 "Delete program image"); the app then shows none.',
    tags: ["projects"],
    auth: true,
    params: projectIdParams,
    response: emptyResponse,
    status: 204,
  }),
} as const;
