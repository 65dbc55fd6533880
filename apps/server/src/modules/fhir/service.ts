import { Readable } from "node:stream";
import {
  can,
  type FhirResource,
  type FhirResourceType,
  fhirResourceTypes,
  isFhirResourceType,
  type LogClass,
  messages,
  type Permission,
  reportSectionPermissions,
  sectionOfLogClass,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { listingScope } from "../../platform/access/scope.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, forbidden, notFound } from "../../platform/errors.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { APP_VERSION } from "../../platform/version.js";
import {
  capabilityStatement,
  searchBundle,
  toAppointment,
  toMedicationAdministration,
  toMedicationStatement,
  toObservation,
  toPatient,
  toQuestionnaire,
  toQuestionnaireResponse,
} from "./mappers.js";
import * as q from "./queries.js";
import { pageUrl, parseSearch } from "./search-params.js";

/**
 * The FHIR R4 API: the same people see the same data as in the dashboard. Reach is the actor's
 * programs (admin roles: all), a resource type needs the permission of its dashboard widget, and
 * a patient, resource or export outside reach answers 404. Every read of patient data is audited
 * (which patients were shown, not only how many); a bulk export is audited when asked for, when
 * produced and when each file is downloaded.
 */

export const FHIR_EXPORT_JOB = "fhir.export";
/** Resources per stored NDJSON part: what the export holds in memory at once. */
export const EXPORT_PART_SIZE = 1000;
export const EXPORT_MAX_ATTEMPTS = 3;

const observationClasses: readonly LogClass[] = q.observationClasses;

export const fhirBase = (ctx: AppContext) => `${ctx.settings.publicUrl.replace(/\/+$/, "")}/fhir/R4`;

/** The permission each type needs (Observation: per log class, below). */
const typePermissions: Record<Exclude<FhirResourceType, "Observation" | "Questionnaire">, Permission> = {
  Patient: "view_project_users",
  MedicationStatement: reportSectionPermissions.medications,
  MedicationAdministration: reportSectionPermissions.medications,
  QuestionnaireResponse: "view_user_questionnaire_event_results",
  Appointment: reportSectionPermissions.appointments,
};

/** The log classes the actor may see as Observation: the report's rule (symptoms, temperature, weight, steps). */
export const visibleLogClasses = (actor: Actor): LogClass[] =>
  observationClasses.filter((c) => can(actor, reportSectionPermissions[sectionOfLogClass(c)]));

const mayRead = (actor: Actor, type: FhirResourceType): boolean => {
  if (type === "Observation") return visibleLogClasses(actor).length > 0;
  if (type === "Questionnaire")
    return can(actor, "view_user_questionnaire_event_results") || can(actor, "view_custom_questionnaire_types");
  return can(actor, typePermissions[type]);
};

const refuse = async (scope: RequestScope, type: string) => {
  await scope.audit({ action: "permission.refused", outcome: "refused", details: { fhirResourceType: type } });
  return forbidden(messages.fhirForbidden(type));
};

/** The FHIR API is for staff: a patient's token is refused (403) with a message saying so. */
const assertStaff = (actor: Actor) => {
  if (actor.scope !== "clinical") throw forbidden(messages.fhirPatientOnly);
};

const resourceTypeOf = async (scope: RequestScope, type: string): Promise<FhirResourceType> => {
  assertStaff(scope.actor);
  if (!isFhirResourceType(type)) throw notFound(messages.fhirUnsupportedType(type, fhirResourceTypes));
  if (!mayRead(scope.actor, type)) throw await refuse(scope, type);
  return type;
};

const observationCategories: Record<string, LogClass[]> = {
  survey: ["SYMPTOMS", "NUTRITION", "FEELING", "MOOD"],
  "vital-signs": ["TEMPERATURE", "WEIGHT", "BLOOD_PRESSURE"],
  activity: ["ACTIVITY", "SLEEP"],
};

const today = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10);

/** The rows of one type mapped to resources (QuestionnaireResponse reads its answers and questionnaires). */
const fetchResources = async (
  ctx: AppContext,
  db: Db,
  type: FhirResourceType,
  filter: q.Filter,
): Promise<{
  resources: FhirResource[];
  rows: { id: string; sortAt?: Date; programId?: string; patientUserId?: string }[];
}> => {
  switch (type) {
    case "Patient": {
      const rows = await q.findPatients(db, filter);
      return { rows: rows.map((r) => ({ ...r, patientUserId: r.userId })), resources: rows.map(toPatient) };
    }
    case "Observation": {
      const rows = await q.findLogs(db, filter);
      return { rows, resources: rows.flatMap((r) => toObservation(r) ?? []) };
    }
    case "MedicationStatement": {
      const rows = await q.findMedications(db, filter);
      const day = today(ctx);
      return { rows, resources: rows.map((r) => toMedicationStatement(r, day)) };
    }
    case "MedicationAdministration": {
      const rows = await q.findMedicationEvents(db, filter);
      return { rows, resources: rows.map(toMedicationAdministration) };
    }
    case "Questionnaire": {
      const rows = await q.findQuestionnaireTypes(db, filter);
      return {
        rows: rows.map((r) => ({ id: r.id, ...(r.sortAt ? { sortAt: r.sortAt } : {}) })),
        resources: rows.map((r) => toQuestionnaire(r, fhirBase(ctx))),
      };
    }
    case "QuestionnaireResponse": {
      const rows = await q.findResponses(db, filter);
      const [answers, types] = await Promise.all([
        q.findAnswers(
          db,
          rows.map((r) => r.id),
        ),
        q.findQuestionnaireTypesById(db, [...new Set(rows.map((r) => r.questionnaireTypeId))]),
      ]);
      const byEvent = new Map<string, q.AnswerRow[]>();
      for (const a of answers) {
        const list = byEvent.get(a.eventId);
        if (list) list.push(a);
        else byEvent.set(a.eventId, [a]);
      }
      const typeById = new Map(types.map((t) => [t.id, t]));
      return {
        rows,
        resources: rows.map((r) =>
          toQuestionnaireResponse(r, byEvent.get(r.id) ?? [], typeById.get(r.questionnaireTypeId), fhirBase(ctx)),
        ),
      };
    }
    case "Appointment": {
      const rows = await q.findAppointments(db, filter);
      return { rows, resources: rows.map(toAppointment) };
    }
  }
};

/** The finder of each type, for counting its matches. */
const finders: Record<FhirResourceType, (db: Db, filter: q.Filter) => Promise<unknown[]>> = {
  Patient: q.findPatients,
  Observation: q.findLogs,
  MedicationStatement: q.findMedications,
  MedicationAdministration: q.findMedicationEvents,
  Questionnaire: q.findQuestionnaireTypes,
  QuestionnaireResponse: q.findResponses,
  Appointment: q.findAppointments,
};

const shown = (rows: { programId?: string; patientUserId?: string }[]) => {
  const seen = new Map<string, { patientId: string; programId: string }>();
  for (const r of rows)
    if (r.patientUserId && r.programId)
      seen.set(`${r.programId}/${r.patientUserId}`, { patientId: r.patientUserId, programId: r.programId });
  return [...seen.values()];
};

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const metadata = (ctx: AppContext) =>
  capabilityStatement({ base: fhirBase(ctx), version: APP_VERSION, date: "2026-01-01" });

/** A search: a page of one type as a Bundle searchset with self and next links. */
export const search = async (
  scope: RequestScope,
  resourceType: string,
  query: Record<string, string | string[]>,
  requestPath: string,
): Promise<FhirResource> => {
  const { ctx, actor } = scope;
  const type = await resourceTypeOf(scope, resourceType);
  const params = parseSearch(type, query);
  const filter: q.Filter = {
    memberUserId: listingScope(actor),
    date: params.date,
    lastUpdated: params.lastUpdated,
    ...(params.codes ? { codes: params.codes } : {}),
    ...(params.identifiers ? { identifiers: params.identifiers } : {}),
    ...(params.names ? { names: params.names } : {}),
    ...(params.families ? { families: params.families } : {}),
    ...(params.givens ? { givens: params.givens } : {}),
    birthDate: params.birthDate,
    limit: params.count + 1,
    offset: params.offset,
    ...(params.id ? { id: isUuid(params.id) ? params.id : "00000000-0000-0000-0000-000000000000" } : {}),
  };
  if (type === "Observation") {
    const visible = visibleLogClasses(actor);
    filter.logClasses = params.categories
      ? visible.filter((c) => params.categories!.some((cat) => observationCategories[cat]?.includes(c)))
      : visible;
  }
  if (params.patient) {
    const enrolment = await q.findEnrolment(ctx.db, params.patient);
    if (!enrolment) throw notFound();
    await inProgram(scope, enrolment.programId);
    filter.programId = enrolment.programId;
    filter.patientUserId = enrolment.userId;
  }
  const { rows, resources } = await fetchResources(ctx, ctx.db, type, filter);
  // The FHIR default is no total; a count costs a second query, so only when asked for.
  const total = params.total === "accurate" ? await q.countMatches(finders[type], ctx.db, filter) : undefined;
  const more = rows.length > params.count;
  const page = more ? resources.slice(0, params.count) : resources;
  const patients = shown(rows.slice(0, params.count));
  if (type !== "Questionnaire")
    await scope.audit({
      action: "fhir.search",
      entityType: type,
      ...(patients.length === 1 ? { patientId: patients[0]!.patientId, programId: patients[0]!.programId } : {}),
      details: { query, results: page.length, patients },
    });
  const self = `${fhirBase(ctx)}${requestPath.replace(/^\/fhir\/R4/, "")}`;
  return searchBundle(
    fhirBase(ctx),
    page,
    { self, next: more ? pageUrl(self, params.offset + params.count) : null },
    total,
  );
};

/** A read by id: 404 for an id of another program, of a patient without a dashboard, or unknown. */
export const read = async (scope: RequestScope, resourceType: string, id: string): Promise<FhirResource> => {
  const { ctx, actor } = scope;
  const type = await resourceTypeOf(scope, resourceType);
  if (!isUuid(id)) throw notFound();
  const filter: q.Filter = { memberUserId: listingScope(actor), id, limit: 1 };
  if (type === "Observation") filter.logClasses = visibleLogClasses(actor);
  const { rows, resources } = await fetchResources(ctx, ctx.db, type, filter);
  const resource = resources[0];
  if (!resource) throw notFound();
  const row = rows[0]!;
  if (type !== "Questionnaire")
    await scope.audit({
      action: "fhir.read",
      entityType: type,
      entityId: id,
      ...(row.patientUserId ? { patientId: row.patientUserId } : {}),
      ...(row.programId ? { programId: row.programId } : {}),
    });
  return resource;
};

// Bulk export -----------------------------------------------------------------------------------

const invalid = (message: string) => new AppError(400, message);
const exportUrl = (ctx: AppContext, id: string) => `${fhirBase(ctx)}/bulk-export/${id}`;
const ndjsonFormats = new Set(["application/fhir+ndjson", "application/ndjson", "ndjson"]);

/** Group/{programId}/$export: checks, stores the request and queues the job; 202 + Content-Location. */
export const startExport = async (
  scope: RequestScope,
  programId: string,
  query: Record<string, string | string[]>,
  prefer: string | undefined,
  requestPath: string,
): Promise<{ location: string }> => {
  const { ctx, actor } = scope;
  assertStaff(actor);
  // A Group id that is no program id of ours names nothing: 404, before it reaches a uuid column.
  if (!isUuid(programId)) throw notFound();
  // The program scope defineRoute resolved (reach, and the export permission held in it).
  const { program } = await inProgram(scope, programId);
  if (!prefer?.split(/[,;]/).some((p) => p.trim() === "respond-async")) throw invalid(messages.fhirPreferAsync);
  const one = (name: string) => {
    const v = query[name];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  for (const name of Object.keys(query))
    if (!["_type", "_since", "_outputFormat"].includes(name))
      throw invalid(messages.fhirUnsupportedParameter(name, "Group/$export"));
  const format = one("_outputFormat");
  if (format !== undefined && !ndjsonFormats.has(format)) throw invalid(messages.fhirUnsupportedFormat);
  const asked = (one("_type") ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  for (const t of asked) if (!isFhirResourceType(t)) throw invalid(messages.fhirInvalidTypes(t));
  const wanted = (asked.length ? asked : fhirResourceTypes) as FhirResourceType[];
  const refused = wanted.find((t) => !mayRead(actor, t));
  if (refused && asked.length) throw await refuse(scope, refused);
  const types = wanted.filter((t) => mayRead(actor, t));
  const sinceText = one("_since");
  const since = sinceText ? new Date(sinceText) : null;
  if (sinceText && (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(sinceText) || Number.isNaN(since!.getTime())))
    throw invalid(messages.fhirInvalidDate("_since", sinceText));
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const exportId = await q.insertExport(trx, {
      programId: program.id,
      requestedBy: actor.userId,
      requestUrl: `${fhirBase(ctx)}${requestPath.replace(/^\/fhir\/R4/, "")}`,
      resourceTypes: types,
      since,
      now,
    });
    await enqueueJob(
      trx,
      ctx.clock,
      FHIR_EXPORT_JOB,
      { exportId, logClasses: visibleLogClasses(actor) },
      { maxAttempts: EXPORT_MAX_ATTEMPTS },
    );
    await scope.audit(
      {
        action: "fhir.export.start",
        entityType: "fhir_export",
        entityId: exportId,
        programId: program.id,
        details: { types, since: sinceText ?? null },
      },
      trx,
    );
    return exportId;
  });
  return { location: exportUrl(ctx, id) };
};

/** The export of this actor (an export is its requester's only: anyone else gets 404). */
const ownExport = async (scope: RequestScope, exportId: string) => {
  assertStaff(scope.actor);
  if (!isUuid(exportId)) throw notFound();
  const row = await q.findExport(scope.ctx.db, exportId);
  if (!row || row.requestedBy !== scope.actor.userId) throw notFound();
  // The export's program, with the caller's permissions in it (the role its team gave them).
  const inItsProgram = await inProgram(scope, row.programId);
  if (!can(inItsProgram.actor, "export_project_data_identifiable")) throw await refuse(scope, "Group/$export");
  return row;
};

export type ExportStatus =
  | { state: "running"; progress: string }
  | { state: "complete"; manifest: Record<string, unknown> };

export const exportStatus = async (scope: RequestScope, exportId: string): Promise<ExportStatus> => {
  const row = await ownExport(scope, exportId);
  if (row.status === "CANCELLED") throw notFound(messages.fhirExportCancelled);
  if (row.status === "FAILED") throw new AppError(500, messages.fhirExportFailed);
  if (row.status !== "COMPLETED") return { state: "running", progress: row.progress ?? "queued" };
  const totals = await q.findPartTotals(scope.ctx.db, row.id);
  const counts = new Map(totals.map((t) => [t.resourceType, Number(t.count)]));
  return {
    state: "complete",
    manifest: {
      transactionTime: (row.startedAt ?? row.createdAt).toISOString(),
      request: row.requestUrl,
      requiresAccessToken: true,
      output: row.resourceTypes
        .filter((type) => (counts.get(type) ?? 0) > 0)
        .map((type) => ({ type, url: `${exportUrl(scope.ctx, row.id)}/${type}.ndjson`, count: counts.get(type) })),
      error: [],
    },
  };
};

export const cancelExport = async (scope: RequestScope, exportId: string) => {
  const row = await ownExport(scope, exportId);
  if (row.status === "CANCELLED") throw notFound(messages.fhirExportCancelled);
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.updateExport(trx, row.id, { status: "CANCELLED", completedAt: scope.ctx.clock.now() });
    await q.deleteParts(trx, row.id);
    await scope.audit(
      { action: "fhir.export.cancel", entityType: "fhir_export", entityId: row.id, programId: row.programId },
      trx,
    );
  });
};

/** One file of a completed export, streamed part by part (a part is at most EXPORT_PART_SIZE lines). */
export const exportFile = async (scope: RequestScope, exportId: string, fileName: string): Promise<Readable> => {
  const row = await ownExport(scope, exportId);
  const type = fileName.replace(/\.ndjson$/, "");
  if (row.status !== "COMPLETED" || !fileName.endsWith(".ndjson") || !row.resourceTypes.includes(type))
    throw notFound();
  await scope.audit({
    action: "fhir.export.download",
    entityType: "fhir_export",
    entityId: row.id,
    programId: row.programId,
    details: { resourceType: type },
  });
  const db = scope.ctx.db;
  return Readable.from(
    (async function* () {
      for (let part = 0; ; part++) {
        const found = await q.findPart(db, row.id, type, part);
        if (!found) return;
        yield found.ndjson;
      }
    })(),
  );
};

/**
 * The job: every type of the export, a program's rows read in keyset pages of EXPORT_PART_SIZE,
 * each page written as one NDJSON part. A cancel between parts stops it; a retry starts afresh.
 */
export const runExport = async (
  ctx: AppContext,
  payload: { exportId: string; logClasses: string[] },
  attempt: { attempt: number; last: boolean },
) => {
  const row = await q.findExport(ctx.db, payload.exportId);
  if (!row || !(await q.startExport(ctx.db, row.id, ctx.clock.now()))) return;
  try {
    await q.deleteParts(ctx.db, row.id);
    const counts: Record<string, number> = {};
    for (const [index, type] of (row.resourceTypes as FhirResourceType[]).entries()) {
      counts[type] = 0;
      let after: q.Cursor | undefined;
      for (let part = 0; ; part++) {
        if ((await q.exportStatus(ctx.db, row.id)) === "CANCELLED") {
          await q.deleteParts(ctx.db, row.id);
          return;
        }
        const filter: q.Filter = {
          memberUserId: null,
          programId: row.programId,
          limit: EXPORT_PART_SIZE,
          ...(row.since ? { lastUpdated: [{ op: ">=", at: row.since }] } : {}),
          ...(after ? { after } : {}),
          ...(type === "Observation" ? { logClasses: payload.logClasses } : {}),
        };
        const { rows, resources } = await fetchResources(ctx, ctx.db, type, filter);
        if (resources.length)
          await q.insertPart(ctx.db, {
            exportId: row.id,
            resourceType: type,
            part,
            resourceCount: resources.length,
            ndjson: `${resources.map((r) => JSON.stringify(r)).join("\n")}\n`,
          });
        counts[type] += resources.length;
        await q.updateExport(ctx.db, row.id, {
          progress: `${index + 1}/${row.resourceTypes.length} types, ${type}: ${counts[type]} resources`,
        });
        const last = rows.at(-1);
        if (rows.length < EXPORT_PART_SIZE || !last?.sortAt) break;
        after = { at: last.sortAt, id: last.id };
        // An empty part (all rows mapped to nothing) keeps its number free: renumber to stay contiguous.
        if (!resources.length) part--;
      }
    }
    // Completed only with its audit entry: a failed entry leaves the export to its retry (or FAILED).
    await ctx.db.transaction().execute(async (trx) => {
      await q.updateExport(trx, row.id, { status: "COMPLETED", completedAt: ctx.clock.now(), progress: "done" });
      await writeAudit(
        trx,
        ctx.clock,
        {},
        {
          action: "fhir.export.complete",
          outcome: "success",
          actorUserId: row.requestedBy,
          entityType: "fhir_export",
          entityId: row.id,
          programId: row.programId,
          details: { counts },
        },
      );
    });
  } catch (error) {
    if (attempt.last)
      await q.updateExport(ctx.db, row.id, {
        status: "FAILED",
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      });
    throw error;
  }
};
