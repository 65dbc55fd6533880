import { z } from "zod";
import { messages } from "../messages.js";
import { erasureReasons } from "../rules/erasure.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

/**
 * Erasure of a patient's personal data in one program (GDPR Art. 17), under the program's
 * retention rule (rules/erasure.ts, docs/exports.md). The clinical rows stay under the patient's
 * random id; names, contact details, identifiers and free text go.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const params = z.strictObject({ projectId: uuid, userId: uuid });

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

export const erasureApi = {
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
