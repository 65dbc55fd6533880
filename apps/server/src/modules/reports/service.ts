import {
  type AdherenceMedication,
  type AppointmentHistory,
  adherenceOf,
  countsPerGrade,
  type DailyReport,
  dailyReportFor,
  dosesExpectedOn,
  hasConsented,
  hiddenParticipantReportParts,
  type LogClass,
  type LogItem,
  logClasses,
  logTypeOrUnlisted,
  type MedicationAdherence,
  type MedicationEvent,
  type ParticipantReport,
  type SkipReason,
  type SymptomGroup,
  skipReasonLabels,
  type Territory,
  todayIn,
  visibleLogClasses,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { ProgramScope } from "../../platform/access/program-scope.js";
import { patientRecordEvent } from "../../platform/audit/audit.js";
import { actorName } from "../../platform/auth/actor.js";
import { notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { appointmentHistoryForReport, appointmentsForReport } from "../appointments/service.js";
import { toLogItem, toMedication } from "../logs/service.js";
import { type JsonElements, type JsonText, jsonArray, jsonObject, jsonOf } from "./json-text.js";
import { patientReportFileName, renderPatientReport } from "./pdf.js";
import * as q from "./queries.js";

/**
 * The program's patient with a dashboard, with the program's settings the reports and the pre-visit
 * summary use; 404 for anything else (no scope check: the caller's). A patient whose data was erased
 * keeps one: their clinical rows stay, under "Erased patient" (docs/exports.md).
 */
export const loadDashboardPatient = async (db: Db, programId: string, userId: string) => {
  const row = await q.findReportPatient(db, programId, userId);
  // Only patients who consented (even if they withdrew since, or the program ended) have a dashboard.
  if (!row || !hasConsented(row.status)) throw notFound();
  const {
    programName,
    programTerritory,
    programPopulatesAppointments,
    programTemperatureMin,
    programTemperatureMax,
    ...patient
  } = row;
  const program = {
    id: programId,
    name: programName,
    territory: programTerritory,
    populateNvAppointments: programPopulatesAppointments,
    temperatureMin: programTemperatureMin,
    temperatureMax: programTemperatureMax,
  };
  return { program, patient };
};

/**
 * The program scope (defineRoute resolves it: reach, and the caller's permissions in the program)
 * and the patient, side by side: one round trip of waiting, not two. The enrolment is only used
 * once the program scope has resolved.
 */
const loadReportPatient = async (db: Db, programPending: Promise<ProgramScope>, programId: string, userId: string) => {
  const [scope, found] = await Promise.allSettled([programPending, loadDashboardPatient(db, programId, userId)]);
  // The program's answer first: a caller refused in the program (403) or outside it (404) hears that,
  // whatever the patient.
  if (scope.status === "rejected") throw scope.reason;
  if (found.status === "rejected") throw found.reason;
  return { inProgram: scope.value, ...found.value };
};

/** The consent day in the program's territory: the first day whose doses adherence counts. */
const consentDayOf = (territory: string, dateConsentGiven: Date | null) =>
  dateConsentGiven ? todayIn(territory as Territory, dateConsentGiven) : null;

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Strings come from the report statement, already rendered as the API's instants (UTC, milliseconds, Z). */
const isoInstant = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/**
 * A medication as core's adherence rule reads it, its doses recorded per day, its totals, how
 * events name it, and the answer's fields other than the events (`head`).
 */
const adherenceBasis = (
  row: q.ReportMedicationRow,
  days: readonly string[],
  today: string,
  countFrom: string | null,
) => {
  const medication = toMedication(row);
  const recorded = new Map(row.recorded.map((r) => [r.date, r]));
  // Doses count from the later of the start and the consent day (core's rule).
  const rule = { ...medication, countFrom };
  const totals = adherenceOf(rule, days, recorded, today);
  return {
    rule,
    recorded,
    totals,
    display: { name: row.name, dosage: row.dosage, dosageUnit: row.dosageUnit, snomedId: row.snomedId },
    head: {
      medication,
      total: totals.total,
      logged: totals.logged,
      skipped: totals.skipped,
      missed: totals.missed,
      adherence: totals.adherence,
    },
  };
};

/**
 * A medication's doses over the days: those recorded, and for each dose expected but not
 * recorded, one MISSED (a past day) or SCHEDULED (today or later) entry with no id.
 */
const medicationAdherence = (
  row: q.MedicationRow,
  days: readonly string[],
  today: string,
  countFrom: string | null,
): MedicationAdherence => {
  const { rule, recorded, display, head } = adherenceBasis(row, days, today, countFrom);
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
  const open = openDoses(rule, days, recorded, today).map(
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
  return { ...head, events };
};

/** The doses expected and not recorded, day by day (the same rule as adherenceOf). */
const openDoses = (
  medication: AdherenceMedication,
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

/**
 * A medication's adherence over the days as JSON text: the doses recorded (written by the
 * statement) and, after each day's, that day's expected doses not recorded, as medicationAdherence
 * orders them.
 */
const medicationAdherenceText = (
  row: q.ReportMedicationRow,
  doses: ReadonlyMap<string, JsonElements<MedicationEvent>> | undefined,
  days: readonly string[],
  today: string,
  countFrom: string | null,
): JsonText<MedicationAdherence> => {
  const { rule, recorded, totals, display, head } = adherenceBasis(row, days, today, countFrom);
  // Most medications have every expected dose recorded: no need to look for open ones day by day.
  const open = totals.missed + totals.scheduled > 0 ? openDoses(rule, days, recorded, today) : [];
  const events: (JsonText<MedicationEvent> | JsonElements<MedicationEvent>)[] = [];
  let next = 0;
  for (const date of days) {
    const recordedOnDay = doses?.get(date);
    if (recordedOnDay) events.push(recordedOnDay);
    // openDoses lists them day by day, in the same order as days.
    for (; open[next]?.date === date; next++) {
      events.push(
        jsonOf<MedicationEvent>({
          medicationEventId: null,
          medicationId: row.id,
          status: open[next]!.status,
          date,
          notes: null,
          skipReasonNotes: null,
          displaySkipReasonType: null,
          displayMedication: display,
        }),
      );
    }
  }
  return jsonObject<MedicationAdherence>({ ...head, events: jsonArray(events) });
};

const symptomGroupText = (row: q.SymptomGroupRow, items: JsonText<LogItem[]>): JsonText<SymptomGroup> =>
  jsonObject<SymptomGroup>({
    log: logTypeOrUnlisted(row.logTypeId),
    grade: row.worstGrade,
    count: row.count,
    isDanger: row.isDanger,
    items,
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

/** What a reader of the report may see (core's visibility rules decide): the parts hidden, the classes of log listed. */
interface ReportReader {
  hidden: Partial<ParticipantReport>;
  logClasses: readonly LogClass[];
}
const readerOf = (actor: RequestScope["actor"]): ReportReader => ({
  hidden: hiddenParticipantReportParts(actor),
  logClasses: visibleLogClasses(actor),
});
/** The PDF's reader: the permission to download the report is the permission to see all of it. */
const everything: ReportReader = { hidden: {}, logClasses };

const reportRange = (input: ReportInput): q.ReportRange => ({
  programId: input.program.id,
  patientId: input.patient.userId,
  startDate: input.startDate,
  endDate: input.endDate,
});

/**
 * Every widget of the patient dashboard over a range, as the answer's JSON text: the statement's
 * small figures go through core's rules here; its large lists (logs, group items, doses) are
 * spliced in as the database wrote them. A part the reader may not see is core's empty value.
 */
const participantReportText = (
  parts: q.ReportParts,
  input: ReportInput,
  appointments: AppointmentHistory[],
  reader: ReportReader,
): JsonText<ParticipantReport> => {
  const { days, groups, summary, medications } = parts.head;
  const noItems = jsonOf<LogItem[]>([]);
  const bucket = (name: q.SymptomBucket) =>
    jsonArray(
      groups.filter((g) => g.bucket === name).map((g) => symptomGroupText(g, parts.groupItems.get(g.ord) ?? noItems)),
    );
  const rangeDays = days.map((d) => d.date);
  const today = todayIn(input.program.territory as Territory, input.now);
  const consentDay = consentDayOf(input.program.territory, input.patient.dateConsentGiven);
  return jsonObject<ParticipantReport>({
    startDate: input.startDate,
    endDate: input.endDate,
    days: days.map((d) => ({
      date: d.date,
      type: d.danger ? "DANGER" : d.logged ? "LOGGED" : "DEFAULT",
      acknowledged: d.acknowledged,
    })),
    symptoms: bucket("ALL"),
    symptomsNew: input.byStatus ? bucket("NEW") : [],
    symptomsAcknowledged: input.byStatus ? bucket("ACKNOWLEDGED") : [],
    symptomsRemoved: input.byStatus ? bucket("REMOVED") : [],
    mostLoggedSymptoms: groups
      .filter((g) => g.bucket === "ALL" && g.count > 0)
      .slice(0, 5)
      .map((g) => {
        const logType = logTypeOrUnlisted(g.logTypeId);
        return {
          logType,
          count: g.count,
          grades: countsPerGrade(logType.levels, [g.grade0, g.grade1, g.grade2, g.grade3, g.grade4]),
        };
      }),
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
    temperatures: parts.temperatures,
    medicationAdherence: jsonArray(
      medications.map((m) => medicationAdherenceText(m, parts.doses.get(m.id), rangeDays, today, consentDay)),
    ),
    appointments,
    weights: jsonObject<ParticipantReport["weights"]>({
      unit: "kg",
      avg: summary.weightAvg === null ? null : round(summary.weightAvg, 2),
      dayAvg: days.flatMap((d) => (d.weightAvg === null ? [] : [{ date: d.date, avg: round(d.weightAvg, 2) }])),
      items: parts.weightItems,
      count: summary.weightCount,
    }),
    logs: parts.logs,
    senderData: {
      userId: input.patient.userId,
      firstName: input.patient.firstName,
      lastName: input.patient.lastName,
      dateConsentGiven: input.patient.dateConsentGiven?.toISOString() ?? null,
      dateConsentRevoked: input.patient.dateConsentRevoked?.toISOString() ?? null,
      reportsEarliestDate: summary.earliestDate,
      reportsLatestDate: summary.latestDate,
    },
    ...reader.hidden,
  });
};

/**
 * Every widget of the patient dashboard over a range, all of it (the PDF's), as an object: one
 * statement (the logs of the range read once; calendar days, symptom groups, range totals and
 * medications computed from them), no appointments.
 */
export const buildParticipantReport = async (db: Db, input: ReportInput): Promise<ParticipantReport> => {
  const parts = await q.findParticipantReportParts(db, reportRange(input), {
    byStatus: input.byStatus,
    logClasses: everything.logClasses,
  });
  return JSON.parse(participantReportText(parts, input, [], everything).text) as ParticipantReport;
};

/** The first and last day with data of a patient in a program (no scope check: the caller's). */
export const reportBounds = (db: Db, programId: string, patientId: string) =>
  q.findReportBounds(db, programId, patientId);

/** The participant report as the caller may see it, as the answer's JSON text (UTF-8). */
export const participantReport = async (
  request: RequestScope,
  programPending: Promise<ProgramScope>,
  programId: string,
  userId: string,
  query: { startDate: string; endDate: string; symptomsSeperatedByStatus: boolean },
): Promise<Buffer> => {
  // The account's reader: the caller's permissions in the program, known once the scope resolves,
  // can only be fewer (then the parts are read again with those).
  const early = readerOf(request.actor);
  const range = { programId, patientId: userId, startDate: query.startDate, endDate: query.endDate };
  // The report statement starts beside the check of the caller's reach and the patient's
  // enrolment (one round trip of waiting fewer: ~1 ms of ~25 at 10,000 patients). It reads only
  // this program's logs of this patient, and nothing of it leaves unless the check passes; a
  // refused caller gets the 404 as soon as the check fails, not after the statement (on a server;
  // the check is sent first), so the answer's timing says nothing of how much data the patient has.
  const checking = loadReportPatient(request.ctx.db, programPending, programId, userId);
  const readParts = (logClasses: typeof early.logClasses) =>
    q.findParticipantReportParts(request.ctx.db, range, { byStatus: query.symptomsSeperatedByStatus, logClasses });
  const earlyReading = readParts(early.logClasses);
  // Awaited once the check passes; after a refusal nobody reads it, nor hears of its failure.
  earlyReading.catch(() => undefined);
  const { inProgram: scope, program, patient } = await checking;
  const reader = readerOf(scope.actor);
  const reading = reader.logClasses.join() === early.logClasses.join() ? earlyReading : readParts(reader.logClasses);
  const input: ReportInput = {
    program,
    patient,
    startDate: query.startDate,
    endDate: query.endDate,
    byStatus: query.symptomsSeperatedByStatus,
    now: scope.ctx.clock.now(),
  };
  // Its appointments and the audit of the read go to the database side by side with what is left
  // of the report (separate connections on a server): the answer waits for the slowest, not the sum.
  const [parts, appointments] = await Promise.all([
    reading,
    appointmentHistoryForReport(scope.ctx.db, scope.actor, program, patient.userId, query),
    scope.audit(
      patientRecordEvent("patient.report.read", programId, userId, {
        startDate: query.startDate,
        endDate: query.endDate,
      }),
    ),
  ]);
  return participantReportText(parts, input, appointments, reader).toBuffer();
};

const isStepLog = (item: LogItem) => item.logClass === "ACTIVITY" && item.data.activityType?.toLowerCase() === "steps";

/** One calendar day of the patient: every log of it (invalidated ones marked) and the day's doses. */
export const dailyReport = async (scope: ProgramScope, programId: string, userId: string, date: string) => {
  const { program, patient } = await loadDashboardPatient(scope.ctx.db, programId, userId);
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
    medicationEvents: medications.flatMap(
      (m) => medicationAdherence(m, [date], today, consentDayOf(program.territory, patient.dateConsentGiven)).events,
    ),
    appointments: await appointmentHistoryForReport(scope.ctx.db, scope.actor, program, patient.userId, {
      startDate: date,
      endDate: date,
    }),
    activities: ofClass("ACTIVITY").filter((i) => !isStepLog(i)),
    steps: ofClass("ACTIVITY").filter(isStepLog),
  };
  await scope.audit(patientRecordEvent("patient.report.read", programId, userId, { date }));
  return dailyReportFor(report, scope.actor);
};

/** The patient report as a PDF: the same data as the dashboard over the range, for print. */
export const exportReport = async (
  scope: ProgramScope,
  programId: string,
  userId: string,
  body: { startDate: string; endDate: string },
) => {
  const { program, patient } = await loadDashboardPatient(scope.ctx.db, programId, userId);
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
    generatedBy: actorName(scope.actor),
  });
  await scope.audit(
    patientRecordEvent("patient.report.export", programId, userId, {
      startDate: body.startDate,
      endDate: body.endDate,
      bytes: pdf.length,
    }),
  );
  return { pdf, fileName: patientReportFileName(patient.lastName, body.startDate, body.endDate) };
};
