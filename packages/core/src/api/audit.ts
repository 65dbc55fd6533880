import { z } from "zod";
import { messages } from "../messages.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint, paged } from "./endpoint.js";

/**
 * The audit viewer: a search of the append-only audit log (who, what, which patient and program,
 * when, from where), paged, and the same search as a streamed CSV file. Admins see every entry;
 * holders of view_audit_log who are not admins see the entries of the programs in their reach.
 * Reading the audit log is itself audited (audit.search, audit.export).
 */

export const auditOutcomes = ["success", "failure", "refused"] as const;
export const auditLimits = { pageSize: 50, maxPerPage: 200, term: 100 } as const;

const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const bound = z
  .string({ error: messages.dateInvalid })
  .regex(DATE_OR_INSTANT, messages.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)), { message: messages.dateInvalid })
  .optional();
const term = z
  .string({ error: messages.notValidValue })
  .trim()
  .max(auditLimits.term, messages.maxLength(auditLimits.term));
const optionalTerm = term.optional().transform((v) => (v ? v : undefined));
const uuid = z.string({ error: messages.notValidValue }).regex(UUID_PATTERN, messages.notValidValue).optional();

/** The first instant a bound covers: a date is the start of that day (UTC). */
export const auditFromInstant = (v: string): Date => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
/** The first instant after a bound: a date covers its whole day (UTC). */
export const auditToInstant = (v: string): Date =>
  v.length === 10 ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(v) + 1);

const filterFields = {
  /** Who: a staff member's (or patient's) id, or part of their name or e-mail. */
  actorId: uuid,
  actor: optionalTerm,
  /** What: an action or the start of one ("patient." for every patient event). */
  action: optionalTerm,
  outcome: z.enum(auditOutcomes, { error: messages.chooseAnOption }).optional(),
  /** Which patient: their id, or part of their name, e-mail or hospital number. */
  patientId: uuid,
  patient: optionalTerm,
  projectId: uuid,
  /** When: a date (YYYY-MM-DD, whole days in UTC) or an instant; both ends included. */
  from: bound,
  to: bound,
  /** From where: an IP address or the start of one. */
  ip: optionalTerm,
};

const checkRange = (v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && auditFromInstant(v.from).getTime() >= auditToInstant(v.to).getTime()) {
    ctx.addIssue({ code: "custom", path: ["to"], message: messages.dateRangeInvalid });
  }
};

export const auditSearchQuery = z
  .strictObject({
    _page: z.coerce
      .number({ error: messages.notValidValue })
      .int(messages.notValidValue)
      .min(1, messages.notValidValue)
      .default(1),
    _perPage: z.coerce
      .number({ error: messages.notValidValue })
      .int(messages.notValidValue)
      .min(1, messages.notValidValue)
      .max(auditLimits.maxPerPage, messages.notValidValue)
      .default(auditLimits.pageSize),
    ...filterFields,
  })
  .superRefine(checkRange);
export type AuditSearchQuery = z.input<typeof auditSearchQuery>;
export type AuditFilter = Omit<z.output<typeof auditSearchQuery>, "_page" | "_perPage">;

export const auditExportQuery = z.strictObject(filterFields).superRefine(checkRange);

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(auditOutcomes),
  actor: person.nullable(),
  /** The actor's role when they acted (their role now; the audit keeps ids, not roles). */
  actorRole: z.string().nullable(),
  patient: person.nullable(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  chainPosition: z.number(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The CSV's columns, in order (docs/security.md). */
export const auditCsvColumns = [
  "id",
  "at",
  "action",
  "outcome",
  "actorId",
  "actorName",
  "actorEmail",
  "patientId",
  "patientName",
  "projectId",
  "projectName",
  "entityType",
  "entityId",
  "ip",
  "userAgent",
  "requestId",
  "details",
  "chainPosition",
  "hash",
] as const;

export const auditApi = {
  search: endpoint({
    method: "GET",
    path: "/api/v1/admin/audit",
    summary:
      "Search the audit log (newest first): who, what, which patient and program, when, from where. Admins see every entry; program admins (view_audit_log) those of their programs. The search is itself audited.",
    tags: ["audit"],
    auth: true,
    query: auditSearchQuery,
    response: paged(auditEntrySchema),
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v1/admin/audit/export.csv",
    summary: "The same search as a CSV file, streamed (every matching entry, newest first). Audited.",
    tags: ["audit"],
    auth: true,
    query: auditExportQuery,
    response: z.any(),
  }),
};
