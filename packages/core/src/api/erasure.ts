import { z } from "zod";
import { messages } from "../messages.js";
import { erasureReasons, retentionYearsRange } from "../rules/erasure.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

/**
 * Erasure of a patient's personal data in one program (GDPR Art. 17), under the program's
 * retention rule (rules/erasure.ts, docs/exports.md). The clinical rows stay under the patient's
 * random id; names, contact details, identifiers and free text go.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const params = z.strictObject({ projectId: uuid, userId: uuid });
const programParams = z.strictObject({ projectId: uuid });

export const erasureBody = z.strictObject({
  reason: z.enum(erasureReasons, { error: messages.erasureReasonRequired }),
  /** The staff member confirmed (the web app asks them to type the patient's name first). */
  confirm: z.literal(true, { error: messages.erasureConfirmRequired }),
});
export type ErasureBody = z.input<typeof erasureBody>;

export const erasureGrounds = ["never_consented", "retention_over", "no_legal_ground"] as const;

export const erasureStatusSchema = z.object({
  erased: z.boolean(),
  erasedAt: z.string().nullable(),
  ground: z.enum(erasureGrounds).nullable(),
  /** Whether a request by the patient (reason patient_request) would be carried out today. */
  allowedOnRequest: z.boolean(),
  /** Why not, when it would not: the same sentence the refusal (409) gives. */
  refusal: z.string().nullable(),
});
export type ErasureStatus = z.infer<typeof erasureStatusSchema>;

export const erasureResultSchema = z.object({
  message: z.string(),
  erasedAt: z.string(),
  ground: z.enum(erasureGrounds),
  /** The sign-in account was closed too (it belonged to no other program). */
  accountClosed: z.boolean(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** A program's retention: how long its patient data is kept after it ends (docs/exports.md). */
export const retentionSchema = z.object({
  retentionYears: z.number().int(),
  /** The program's last day, once it has ended (ended by an admin, or its end date passed). */
  programEnded: z.string().nullable(),
  /** From this day a patient's request for erasure is carried out; null while the program runs. */
  keptUntil: z.string().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

export const retentionBody = z.strictObject({
  retentionYears: z
    .number({ error: messages.retentionYearsInvalid })
    .int(messages.retentionYearsInvalid)
    .min(retentionYearsRange.min, messages.retentionYearsInvalid)
    .max(retentionYearsRange.max, messages.retentionYearsInvalid),
});
export type RetentionBody = z.input<typeof retentionBody>;

export const erasureApi = {
  retention: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/retention",
    summary:
      "How many years the program's patient data is kept after the program ends, and, once it has ended, until which day.",
    tags: ["exports"],
    auth: true,
    params: programParams,
    response: retentionSchema,
  }),
  updateRetention: endpoint({
    method: "PUT",
    path: "/api/v1/admin/projects/:projectId/retention",
    summary:
      "Set how many years (0 to 100) the program's patient data is kept after it ends: the program's protocol and the organisation's records policy decide. Audited.",
    tags: ["exports"],
    auth: true,
    params: programParams,
    body: retentionBody,
    response: retentionSchema,
  }),
  status: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/users/:userId/erasure",
    summary:
      "Whether the patient's personal data in this program was erased, and whether a request would be granted today.",
    tags: ["exports"],
    auth: true,
    params,
    response: erasureStatusSchema,
  }),
  erase: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/users/:userId/erasure",
    summary:
      "Erases the patient's personal data in this program (names, contact details, identifiers, date of birth, postcode, sign-up answers, free-text notes) and closes the account if it belongs to no other program; clinical rows stay under the random id. 409 while the program's data must be kept. A second call answers the same.",
    tags: ["exports"],
    auth: true,
    params,
    body: erasureBody,
    response: erasureResultSchema,
  }),
};
