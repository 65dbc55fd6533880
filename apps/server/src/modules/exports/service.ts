import { Readable } from "node:stream";
import { can, messages, type ResearchExport, type StartResearchExportBody, utcDate } from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { loadProgram } from "../programs/service.js";
import { gatherOwnData, ownDataZip } from "./own-data.js";
import * as q from "./queries.js";
import { RESEARCH_EXPORT_JOB, runResearchExport } from "./research.js";

/**
 * Research exports and a patient's own data. Anonymised research exports need
 * export_project_data_anonymised (or the identifiable permission, which covers both); identifiable
 * ones need export_project_data_identifiable. A user sees and downloads only the exports they
 * started (and an identifiable one only while they still hold that permission). Starting,
 * downloading and every own-data zip are audited.
 */

/** Export files are kept this long; starting a new export of the program removes older ones. */
export const EXPORT_RETENTION_DAYS = 7;
const LIST_LIMIT = 20;
export const EXPORT_ATTEMPTS = 2;

const mayExport = (actor: Actor, anonymised: boolean) =>
  can(actor, "export_project_data_identifiable") || (anonymised && can(actor, "export_project_data_anonymised"));

const toWire = (row: q.ExportRow): ResearchExport => {
  const done = Number(row.rowsDone);
  const total = row.rowsTotal === null ? null : Number(row.rowsTotal);
  return {
    id: row.id,
    projectId: row.programId,
    format: row.format,
    anonymised: row.anonymised,
    status: row.status,
    rowsDone: done,
    rowsTotal: total,
    percent: row.status === "ready" ? 100 : total ? Math.min(99, Math.floor((done / total) * 100)) : 0,
    fileName: row.fileName,
    byteSize: row.byteSize === null ? null : Number(row.byteSize),
    requestedBy: row.requestedBy,
    createdAt: new Date(row.createdAt).toISOString(),
    completedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null,
    error: row.status === "failed" ? messages.exportFailed : null,
  };
};

const refuse = async (scope: RequestScope, programId: string, permission: string) => {
  await scope.audit({
    action: "permission.refused",
    outcome: "refused",
    programId,
    details: { permission, route: "research export" },
  });
  return forbidden();
};

export const startResearchExport = async (scope: RequestScope, programId: string, body: StartResearchExportBody) => {
  const { ctx, actor } = scope;
  if (!mayExport(actor, body.anonymised))
    throw await refuse(
      scope,
      programId,
      body.anonymised ? "export_project_data_anonymised" : "export_project_data_identifiable",
    );
  await inProgram(scope, programId);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await q.deleteExportsBefore(trx, programId, new Date(now.getTime() - EXPORT_RETENTION_DAYS * 86_400_000));
    const created = await q.insertExport(trx, {
      programId,
      requestedBy: actor.userId,
      format: body.format,
      anonymised: body.anonymised,
      createdAt: now,
    });
    await enqueueJob(trx, ctx.clock, RESEARCH_EXPORT_JOB, { exportId: created.id }, { maxAttempts: EXPORT_ATTEMPTS });
    await scope.audit(
      {
        action: "research_export.start",
        entityType: "research_export",
        entityId: created.id,
        programId,
        details: { format: body.format, anonymised: body.anonymised },
      },
      trx,
    );
    return created;
  });
  return toWire(row);
};

/** The export, if this actor may see it; 404 otherwise (outside reach, someone else's, identifiable without the permission). */
const loadExport = async (scope: RequestScope, programId: string, exportId: string) => {
  const { ctx, actor } = scope;
  if (!mayExport(actor, true)) throw await refuse(scope, programId, "export_project_data_anonymised");
  await inProgram(scope, programId);
  const row = await q.findExport(ctx.db, exportId);
  if (!row || row.programId !== programId || row.requestedBy !== actor.userId || !mayExport(actor, row.anonymised))
    throw notFound();
  return row;
};

export const listResearchExports = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  if (!mayExport(actor, true)) throw await refuse(scope, programId, "export_project_data_anonymised");
  await inProgram(scope, programId);
  const rows = await q.listExports(
    ctx.db,
    programId,
    actor.userId,
    can(actor, "export_project_data_identifiable"),
    LIST_LIMIT,
  );
  return { results: rows.map(toWire), totalCount: rows.length };
};

export const getResearchExport = async (scope: RequestScope, programId: string, exportId: string) =>
  toWire(await loadExport(scope, programId, exportId));

/** The stored file, read chunk by chunk (about 1 MB each) as the client takes it. */
export const downloadResearchExport = async (scope: RequestScope, programId: string, exportId: string) => {
  const { ctx } = scope;
  const row = await loadExport(scope, programId, exportId);
  if (row.status !== "ready") throw conflict(messages.exportNotReady);
  await scope.audit({
    action: "research_export.download",
    entityType: "research_export",
    entityId: row.id,
    programId,
    details: { format: row.format, anonymised: row.anonymised, bytes: Number(row.byteSize) },
  });
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const data = await q.findChunk(ctx.db, row.id, seq);
      if (!data) return;
      yield data;
    }
  }
  return {
    stream: Readable.from(chunks()),
    fileName: row.fileName ?? `export.${row.format === "xlsx" ? "xlsx" : "zip"}`,
    contentType: row.contentType ?? "application/octet-stream",
    byteSize: Number(row.byteSize),
  };
};

/** The job: runs the export; after the last attempt the export shows as failed. */
export const runResearchExportJob = async (ctx: AppContext, exportId: string, attempt: number) => {
  try {
    await runResearchExport(ctx, exportId, async (id) => (await loadProgram(ctx, null, id)).name);
  } catch (error) {
    const last = attempt >= EXPORT_ATTEMPTS;
    await q.deleteChunks(ctx.db, exportId);
    await q.updateExport(ctx.db, exportId, {
      status: last ? "failed" : "queued",
      error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      completedAt: last ? ctx.clock.now() : null,
    });
    throw error;
  }
};

const zipReply = (bytes: Buffer, day: string) => ({
  bytes,
  fileName: `my-data-${day}.zip`,
  contentType: "application/zip",
});

/** GET /api/v1/user/data-export: the signed-in patient's own data, every program. */
export const myDataExport = async (scope: RequestScope) => {
  const { ctx, actor } = scope;
  const data = await gatherOwnData(ctx, actor.userId, null);
  if (!data) throw notFound();
  const now = ctx.clock.now();
  await scope.audit({
    action: "patient.data_export",
    entityType: "user",
    entityId: actor.userId,
    patientId: actor.userId,
    details: { requestedBy: "patient", programs: data.enrolments.length },
  });
  return zipReply(await ownDataZip(data, now), utcDate(now));
};

/** A patient's own data produced by staff on the patient's request: this program's part only. */
export const patientDataExport = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const data = await gatherOwnData(ctx, userId, programId);
  if (!data || data.enrolments.length === 0) throw notFound();
  const now = ctx.clock.now();
  await scope.audit({
    action: "patient.data_export",
    entityType: "user",
    entityId: userId,
    programId,
    patientId: userId,
    details: { requestedBy: "staff" },
  });
  return zipReply(await ownDataZip(data, now), utcDate(now));
};
