import {
  adherenceOf,
  ctcaeVersion,
  type DailyReport,
  dailyReportFor,
  defaultDangerGrade,
  dosesExpectedOn,
  findLogType,
  isDangerGrade,
  type LogClass,
  type LogItem,
  type LogType,
  type Medication,
  type MedicationAdherence,
  type MedicationEvent,
  type ParticipantReport,
  participantReportFor,
  type SkipReason,
  type SymptomGroup,
  skipReasonLabels,
  symptomGradeLabels,
  type Territory,
  todayIn,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { appointmentHistoryForReport, appointmentsForReport } from "../appointments/service.js";
import { toLogItem, toMedication } from "../logs/service.js";
import { loadProgram } from "../programs/service.js";
import { patientReportFileName, renderPatientReport } from "./pdf.js";
import * as q from "./queries.js";

/** Only patients who consented (even if they withdrew since, or the program ended) have a dashboard. */
const dashboardStates = new Set(["CONSENTED", "CONSENT_WITHDRAWN", "PROJECT_COMPLETED"]);

/** The program (in the actor's reach) and its patient with a dashboard; 404 for anything else. */
const loadReportPatient = async ({ ctx, actor }: RequestScope, programId: string, userId: string) => {
  const program = await loadProgram(ctx, actor, programId);
  const patient = await q.findReportPatient(ctx.db, programId, userId);
  if (!patient || !dashboardStates.has(patient.status)) throw notFound();
  return { program, patient };
};

const reportEvent = (action: string, programId: string, userId: string, details: Record<string, unknown>) => ({
  action,
  entityType: "patient",
  entityId: userId,
  patientId: userId,
  programId,
  details,
});

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Strings come from the report statement, already rendered as the API's instants (UTC, milliseconds, Z). */
const isoInstant = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** The catalogue's symptom; a term no longer in the catalogue still shows, under its id. */
const logTypeOf = (logTypeId: string): LogType =>
  findLogType(logTypeId) ?? {
    logTypeId,
    name: logTypeId,
    identifier: logTypeId,
    ctcaeVersion,
    category: "",
    levels: symptomGradeLabels.map((label, grade) => ({
      id: `${logTypeId}-${grade}`,
      grade,
      label,
      isDanger: isDangerGrade(grade, defaultDangerGrade),
    })),
  };

/**
 * A medication's doses over the days: those recorded, and for each dose expected but not
 * recorded, one MISSED (a past day) or SCHEDULED (today or later) entry with no id.
 */
const medicationAdherence = (row: q.MedicationRow, days: readonly string[], today: string): MedicationAdherence => {
  const medication = toMedication(row);
  const recorded = new Map(row.recorded.map((r) => [r.date, r]));
  const totals = adherenceOf(medication, days, recorded, today);
  const display = {
    name: row.name,
    dosage: row.dosage,
    dosageUnit: row.dosageUnit,
    snomedId: row.snomedId,
  };
  const taken = row.events.map((e): MedicationEvent & { sortKey: string } => ({
    sortKey: `${e.localDate} ${isoInstant(e.takenAt)}`,
    medicationEventId: e.id,
    medicationId: row.id,
    status: e.status,
    date: isoInstant(e.takenAt),
    notes: e.status === "LOGGED" ? e.notes : null,
    skipReasonNotes: e.status === "SKIPPED" ? e.notes : null,
    displaySkipReasonType: e.skipReason ? (skipReasonLabels[e.skipReason as SkipReason] ?? e.skipReason) : null,
    displayMedication: display,
  }));
  const open = openDoses(medication, days, recorded, today).map(
    ({ date, status }): MedicationEvent & { sortKey: string } => ({
      sortKey: `${date} ~`,
      medicationEventId: null,
      medicationId: row.id,
      status,
      date,
      notes: null,
      skipReasonNotes: null,
      displaySkipReasonType: null,
      displayMedication: display,
    }),
  );
  const events = [...taken, ...open]
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .map(({ sortKey: _, ...event }) => event);
  return {
    medication,
    total: totals.total,
    logged: totals.logged,
    skipped: totals.skipped,
    missed: totals.missed,
    adherence: totals.adherence,
    events,
  };
};

/** The doses expected and not recorded, day by day (the same rule as adherenceOf). */
const openDoses = (
  medication: Medication,
  days: readonly string[],
  recorded: ReadonlyMap<string, { logged: number; skipped: number }>,
  today: string,
) =>
  days.flatMap((date) => {
    const r = recorded.get(date);
    const open = Math.max(0, dosesExpectedOn(medication, date) - (r?.logged ?? 0) - (r?.skipped ?? 0));
    const status = date < today ? ("MISSED" as const) : ("SCHEDULED" as const);
    return Array.from({ length: open }, () => ({ date, status }));
  });

const toGroup = (row: q.SymptomGroupRow, items: (ids: string[] | null) => LogItem[]): SymptomGroup => ({
  log: logTypeOf(row.logTypeId),
  grade: row.worstGrade,
  count: row.count,
  isDanger: row.isDanger,
  items: items(row.logIds),
  totals: { 0: row.grade0, 1: row.grade1, 2: row.grade2, 3: row.grade3, 4: row.grade4 },
});

export interface ReportInput {
  program: { id: string; territory: string };
  patient: q.ReportPatientRow;
  startDate: string;
  endDate: string;
  /** Also split the symptom groups by status. */
  byStatus: boolean;
  now: Date;
}

/**
 * Every widget of the patient dashboard over a range: one statement (the logs of the range read
 * once; calendar days, symptom groups, range totals and medications computed from them), mapped here.
 */
export const buildParticipantReport = async (db: Db, input: ReportInput): Promise<ParticipantReport> => {
  const range: q.ReportRange = {
    programId: input.program.id,
    patientId: input.patient.userId,
    startDate: input.startDate,
    endDate: input.endDate,
  };
  const { logs: logItems, days, groups, summary, medications } = await q.findReportData(db, range, input.byStatus);
  const byId = new Map(logItems.map((item) => [item.logId, item]));
  const items = (ids: string[] | null) => (ids ?? []).flatMap((id) => byId.get(id) ?? []);
  const bucket = (name: q.SymptomBucket) => groups.filter((g) => g.bucket === name).map((g) => toGroup(g, items));
  const symptoms = bucket("ALL");
  const rangeDays = days.map((d) => d.date);
  const today = todayIn(input.program.territory as Territory, input.now);
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    days: days.map((d) => ({
      date: d.date,
      type: d.danger ? "DANGER" : d.logged ? "LOGGED" : "DEFAULT",
      acknowledged: d.acknowledged,
    })),
    symptoms,
    symptomsNew: input.byStatus ? bucket("NEW") : [],
    symptomsAcknowledged: input.byStatus ? bucket("ACKNOWLEDGED") : [],
    symptomsRemoved: input.byStatus ? bucket("REMOVED") : [],
    mostLoggedSymptoms: symptoms
      .filter((g) => g.count > 0)
      .slice(0, 5)
      .map((g) => ({
        logType: g.log,
        count: g.count,
        grades: g.log.levels.map((level) => ({
          grade: level.grade,
          count: g.totals[level.grade as 0 | 1 | 2 | 3 | 4] ?? 0,
          severe: level.isDanger,
        })),
      })),
    steps: days.flatMap((d) => (d.steps === null ? [] : [{ date: d.date, total: d.steps }])),
    stepsTotal: {
      total: summary.stepsTotal,
      dailyAvg: summary.stepDays ? Math.round(summary.stepsTotal / summary.stepDays) : 0,
    },
    activitiesTotal: {
      total: summary.activityMinutes,
      dailyAvg: summary.activityDays ? round(summary.activityMinutes / summary.activityDays, 1) : 0,
    },
    activities: summary.activities,
    temperatures: items(summary.temperatureIds),
    medicationAdherence: medications.map((m) => medicationAdherence(m, rangeDays, today)),
    appointments: [],
    weights: {
      unit: "kg",
      avg: summary.weightAvg === null ? null : round(summary.weightAvg, 2),
      dayAvg: days.flatMap((d) => (d.weightAvg === null ? [] : [{ date: d.date, avg: round(d.weightAvg, 2) }])),
      items: items(summary.weightIds),
      count: summary.weightCount,
    },
    logs: logItems,
    senderData: {
      userId: input.patient.userId,
      firstName: input.patient.firstName,
      lastName: input.patient.lastName,
      dateConsentGiven: input.patient.dateConsentGiven?.toISOString() ?? null,
      dateConsentRevoked: input.patient.dateConsentRevoked?.toISOString() ?? null,
      reportsEarliestDate: summary.earliestDate,
      reportsLatestDate: summary.latestDate,
    },
  };
};

/** The first and last day with data of a patient in a program (no scope check: the caller's). */
export const reportBounds = (db: Db, programId: string, patientId: string) =>
  q.findReportBounds(db, programId, patientId);

export const participantReport = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  query: { startDate: string; endDate: string; symptomsSeperatedByStatus: boolean },
) => {
  const { program, patient } = await loadReportPatient(scope, programId, userId);
  // Once the caller may read it, the report, its appointments and the audit of the read go to the
  // database side by side (separate connections on a server): the answer waits for the slowest, not the sum.
  const [report, appointments] = await Promise.all([
    buildParticipantReport(scope.ctx.db, {
      program,
      patient,
      startDate: query.startDate,
      endDate: query.endDate,
      byStatus: query.symptomsSeperatedByStatus,
      now: scope.ctx.clock.now(),
    }),
    appointmentHistoryForReport(scope.ctx.db, scope.actor, program, patient.userId, query),
    scope.audit(
      reportEvent("patient.report.read", programId, userId, { startDate: query.startDate, endDate: query.endDate }),
    ),
  ]);
  report.appointments = appointments;
  return participantReportFor(report, scope.actor);
};

const isStepLog = (item: LogItem) => item.logClass === "ACTIVITY" && item.data.activityType?.toLowerCase() === "steps";

/** One calendar day of the patient: every log of it (invalidated ones marked) and the day's doses. */
export const dailyReport = async (scope: RequestScope, programId: string, userId: string, date: string) => {
  const { program, patient } = await loadReportPatient(scope, programId, userId);
  const range = { programId, patientId: patient.userId, startDate: date, endDate: date };
  const [logs, medications] = await Promise.all([
    q.findLogsInRange(scope.ctx.db, range),
    q.findMedications(scope.ctx.db, range),
  ]);
  const items = logs.map(toLogItem);
  const ofClass = (...classes: LogClass[]) => items.filter((i) => classes.includes(i.logClass));
  const today = todayIn(program.territory as Territory, scope.ctx.clock.now());
  const report: DailyReport = {
    date,
    feelings: ofClass("FEELING", "MOOD"),
    symptoms: ofClass("SYMPTOMS"),
    temperatures: ofClass("TEMPERATURE"),
    weights: ofClass("WEIGHT"),
    medicationEvents: medications.flatMap((m) => medicationAdherence(m, [date], today).events),
    appointments: await appointmentHistoryForReport(scope.ctx.db, scope.actor, program, patient.userId, {
      startDate: date,
      endDate: date,
    }),
    activities: ofClass("ACTIVITY").filter((i) => !isStepLog(i)),
    steps: ofClass("ACTIVITY").filter(isStepLog),
  };
  await scope.audit(reportEvent("patient.report.read", programId, userId, { date }));
  return dailyReportFor(report, scope.actor);
};

/** The patient report as a PDF: the same data as the dashboard over the range, for print. */
export const exportReport = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  body: { startDate: string; endDate: string },
) => {
  const { program, patient } = await loadReportPatient(scope, programId, userId);
  const now = scope.ctx.clock.now();
  const report = await buildParticipantReport(scope.ctx.db, {
    program,
    patient,
    startDate: body.startDate,
    endDate: body.endDate,
    byStatus: true,
    now,
  });
  const appointments = await appointmentsForReport(scope.ctx.db, scope.actor, program, patient.userId, body);
  const pdf = await renderPatientReport({
    program: { name: program.name, territory: program.territory as Territory },
    patient,
    report,
    appointments,
    generatedAt: now,
    generatedBy: scope.actor.displayName || `${scope.actor.firstName} ${scope.actor.lastName}`.trim(),
  });
  await scope.audit(
    reportEvent("patient.report.export", programId, userId, {
      startDate: body.startDate,
      endDate: body.endDate,
      bytes: pdf.length,
    }),
  );
  return { pdf, fileName: patientReportFileName(patient.lastName, body.startDate, body.endDate) };
};
