import { z } from "zod";
import { messages } from "../messages.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

/**
 * Data out: a program's research export (a durable job that writes a CSV zip or an XLSX workbook,
 * kept in the database until downloaded) and a patient's own data (GDPR Art. 15/20) as a zip.
 * Column names of every kind are stable and documented in docs/exports.md.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);

export const exportFormats = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportStatuses = ["queued", "running", "ready", "failed"] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** The data kinds of a research export, in file/sheet order. */
export const researchExportKinds = [
  "participants",
  "symptoms",
  "measurements",
  "medications",
  "questionnaire_answers",
  "questionnaire_scores",
  "appointments",
] as const;
export type ResearchExportKind = (typeof researchExportKinds)[number];

export const startResearchExportBody = z.strictObject({
  format: z.enum(exportFormats, { error: messages.exportFormatRequired }),
  /** true: pseudonymous keys, no names, e-mails, ids or exact dates of birth. */
  anonymised: z.boolean({ error: messages.exportKindRequired }),
});
export type StartResearchExportBody = z.input<typeof startResearchExportBody>;

export const researchExportSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  format: z.enum(exportFormats),
  anonymised: z.boolean(),
  status: z.enum(exportStatuses),
  /** Rows written so far and rows to write (known once the job has counted them). */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** 0–100. */
  percent: z.number().int(),
  fileName: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ResearchExport = z.infer<typeof researchExportSchema>;

const programParams = z.strictObject({ projectId: uuid });
const exportParams = programParams.extend({ exportId: uuid });

export const exportsApi = {
  start: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/data-exports",
    summary:
      "Starts a research export of the program (CSV zip or XLSX, anonymised or identifiable as the caller's permission allows).",
    tags: ["exports"],
    auth: true,
    params: programParams,
    body: startResearchExportBody,
    response: researchExportSchema,
    status: 202,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/data-exports",
    summary: "The program's recent research exports the caller may download, newest first.",
    tags: ["exports"],
    auth: true,
    params: programParams,
    response: z.object({ results: z.array(researchExportSchema), totalCount: z.number().int() }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/data-exports/:exportId",
    summary: "One research export: status and progress.",
    tags: ["exports"],
    auth: true,
    params: exportParams,
    response: researchExportSchema,
  }),
  download: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/data-exports/:exportId/file",
    summary: "The file of a finished research export (application/zip or XLSX).",
    tags: ["exports"],
    auth: true,
    params: exportParams,
    response: z.any(),
  }),
  myData: endpoint({
    method: "GET",
    path: "/api/v1/user/data-export",
    summary: "Everything held about the signed-in patient: a zip of my-data.json and one CSV per kind.",
    tags: ["exports"],
    auth: true,
    response: z.any(),
  }),
  patientData: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/users/:userId/data-export",
    summary: "A patient's own-data zip (the same as the patient downloads), for a request made to the program.",
    tags: ["exports"],
    auth: true,
    params: programParams.extend({ userId: uuid }),
    response: z.any(),
  }),
};
