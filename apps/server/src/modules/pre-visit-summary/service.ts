import {
  findLogType,
  type PreVisitSummary,
  type ScoredScale,
  scoreChanges,
  summaryPeriod,
  type Territory,
  temperatureOutOfRange,
  territoryTimeZones,
  todayIn,
  zonedInstant,
} from "@openpro/core";
import { inProgram, type ProgramScope } from "../../platform/access/program-scope.js";
import { patientRecordEvent } from "../../platform/audit/audit.js";
import { actorName } from "../../platform/auth/actor.js";
import { notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { buildParticipantReport, loadDashboardPatient } from "../reports/service.js";
import { preVisitSummaryFileName, renderPreVisitSummary } from "./pdf.js";
import * as q from "./queries.js";

const iso = (d: Date | string) => new Date(d).toISOString();
const numberOrNull = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The one page a clinician reads before a visit: the period since the last visit (core
 * summaryPeriod, in the clinic's days), read from the participant report of that period (symptom
 * groups, temperatures, adherence, logs), the patient's alerts and questionnaires. Audited as a
 * read of the patient's data.
 */
export const preVisitSummary = async (
  scope: RequestScope,
  programId: string,
  userId: string,
): Promise<PreVisitSummary> => {
  const { summary } = await gatherSummary(scope, programId, userId);
  await scope.audit(
    patientRecordEvent("patient.summary.read", programId, userId, { from: summary.from, to: summary.to }),
  );
  return summary;
};

/**
 * The same summary as a PDF/A file (the patient report's rules), audited as an export of the
 * patient's data as the report's PDF is, with the period and the file's size.
 */
export const preVisitSummaryPdf = async (scope: ProgramScope, programId: string, userId: string) => {
  const { summary, patient, territory } = await gatherSummary(scope, programId, userId);
  const pdf = await renderPreVisitSummary({
    summary,
    territory,
    patient,
    generatedAt: scope.ctx.clock.now(),
    generatedBy: actorName(scope.actor),
  });
  await scope.audit(
    patientRecordEvent("patient.summary.export", programId, userId, {
      from: summary.from,
      to: summary.to,
      bytes: pdf.length,
    }),
  );
  return { pdf, fileName: preVisitSummaryFileName(patient.lastName, summary.to) };
};

const gatherSummary = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const { program, patient } = await loadDashboardPatient(ctx.db, programId, userId);
  // Unlike the report, no summary of a patient whose data was erased: it prepares a visit, and an
  // erased patient is no longer named nor identified to be seen.
  if (patient.erasedAt) throw notFound();
  const territory = program.territory as Territory;
  const timeZone = territoryTimeZones[territory];
  const now = ctx.clock.now();
  const today = todayIn(territory, now);
  const consentDay = patient.dateConsentGiven ? todayIn(territory, new Date(patient.dateConsentGiven)) : null;
  const lastVisit = await q.findLastVisit(ctx.db, programId, userId, today);
  const period = summaryPeriod({ today, consentDay, lastVisitDate: lastVisit?.date ?? null });
  const since = zonedInstant(period.from, "00:00", timeZone);

  const [report, alerts, questionnaires] = await Promise.all([
    buildParticipantReport(ctx.db, {
      program: { id: programId, territory },
      patient,
      startDate: period.from,
      endDate: period.to,
      byStatus: false,
      now,
    }),
    q.findAlerts(ctx.db, programId, userId, since),
    q.findQuestionnaires(ctx.db, programId, userId),
  ]);

  const min = numberOrNull(program.temperatureMin);
  const max = numberOrNull(program.temperatureMax);
  const completed = questionnaires.filter((e) => e.state === "COMPLETED" && e.completedAt && e.scores);
  const summary: PreVisitSummary = {
    patientName: `${patient.firstName} ${patient.lastName}`,
    programName: program.name,
    from: period.from,
    to: period.to,
    lastVisit: lastVisit
      ? { appointmentId: lastVisit.id, date: lastVisit.date, appointmentType: lastVisit.appointmentType }
      : null,
    severeSymptoms: report.symptoms
      .filter((g) => g.isDanger)
      .map((g) => {
        const course = g.items
          .filter((i) => i.level)
          .map((i) => ({ date: i.localDate, grade: i.level!.grade, isDanger: i.level!.isDanger }))
          .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        return {
          logTypeId: g.log.logTypeId,
          name: g.log.name,
          worstGrade: g.grade,
          firstSevereDate: course.find((c) => c.isDanger)?.date ?? course[0]?.date ?? period.from,
          course,
        };
      }),
    alerts: alerts.map((a) => ({
      alertId: a.id,
      kind: a.kind,
      what:
        a.kind === "temperature"
          ? `Temperature${a.temperature === null ? "" : ` ${Number(a.temperature).toFixed(1)} °C`}`
          : `${a.logTypeId ? (findLogType(a.logTypeId)?.name ?? a.logTypeId) : "Symptom"} grade ${a.grade}`,
      status: a.status,
      raisedAt: iso(a.raisedAt),
      closedAt: a.closedAt ? iso(a.closedAt) : null,
      closeAction: a.closeAction as PreVisitSummary["alerts"][number]["closeAction"],
      closeNote: a.closeNote,
    })),
    temperaturesOutOfRange: report.temperatures
      .filter((t) => t.validationStatus !== "Removed" && typeof t.data.value === "number")
      .filter((t) => temperatureOutOfRange(t.data.value!, min, max))
      .map((t) => ({ logId: t.logId, date: t.localDate, loggedAt: t.date, celsius: t.data.value! })),
    medicationAdherence: report.medicationAdherence.map((m) => ({
      name: m.medication.name,
      total: m.total,
      logged: m.logged,
      skipped: m.skipped,
      missed: m.missed,
    })),
    questionnaires: completed
      .filter((e) => new Date(e.completedAt!) >= since)
      .map((e) => {
        const before = completed
          .filter(
            (p) =>
              p.questionnaireTypeId === e.questionnaireTypeId && new Date(p.completedAt!) < new Date(e.completedAt!),
          )
          .at(-1);
        return {
          eventId: e.id,
          name: e.name,
          completedAt: iso(e.completedAt!),
          changes: scoreChanges(e.scores as ScoredScale[], (before?.scores as ScoredScale[] | undefined) ?? null),
        };
      }),
    missedQuestionnaires: questionnaires
      .filter((e) => e.state === "MISSED" && e.dueDate >= period.from && e.dueDate <= period.to)
      .map((e) => ({ eventId: e.id, name: e.name, dueDate: e.dueDate })),
    notes: report.logs
      .filter((l) => typeof l.data.note === "string" && l.data.note.trim() !== "")
      .map((l) => ({ logId: l.logId, date: l.localDate, loggedAt: l.date, note: l.data.note! }))
      .reverse(),
  };
  return { summary, patient, territory };
};
