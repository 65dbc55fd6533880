import {
  countsPerGrade,
  type DashboardAxis,
  type DashboardFigure,
  findLogType,
  logTypeOrUnlisted,
  messages,
  type Permission,
  type ProgramMedication,
  type ProgramMostLoggedSymptom,
  type QuestionnaireCompletion,
  questionnaireCompletionRate,
  type SymptomTrend,
  sortAxisKeys,
  type TemperatureTrends,
  type Territory,
  temperatureBands,
  territoryTimeZones,
  todayIn,
} from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import { forbidden, invalidField } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

interface RangeQuery {
  startDate: string;
  endDate: string;
  axis?: DashboardAxis;
}

/** The program in the actor's reach (404 otherwise) and the range as the queries take it. */
const loadRange = async (scope: RequestScope, programId: string, query: RangeQuery) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const territory = program.territory as Territory;
  const range: q.DashboardRange = {
    programId,
    startDate: query.startDate,
    endDate: query.endDate,
    axis: query.axis ?? "date",
  };
  return { program, range, today: todayIn(territory, ctx.clock.now()) };
};

/**
 * Program-level figures are read by the program, not by a patient: one audit row per read, written
 * beside the figure's statement (on a server, another connection), so the read waits for the
 * slower of the two, not their sum (an audited commit takes ~5 ms here).
 */
const audited = (scope: RequestScope, programId: string, figure: string, details: Record<string, unknown>) =>
  scope.audit({
    action: "program.dashboard.read",
    entityType: "program",
    entityId: programId,
    programId,
    details: { figure, ...details },
  });

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** A record keyed by day, in axis order. */
const byDay = <R extends { key: string }, V>(axis: DashboardAxis, rows: readonly R[], value: (row: R) => V) => {
  const index = new Map(rows.map((r) => [r.key, r]));
  return Object.fromEntries(sortAxisKeys(axis, index.keys()).map((key) => [key, value(index.get(key)!)]));
};

export const symptomTrends = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery & { logTypeId: string },
): Promise<SymptomTrend> => {
  const { range } = await loadRange(scope, programId, query);
  const known = findLogType(query.logTypeId);
  if (!known) throw invalidField("logTypeId", messages.logTypeUnknown);
  const [rows] = await Promise.all([
    q.findSymptomTrend(scope.ctx.db, range, query.logTypeId),
    audited(scope, programId, "symptomTrends", { ...query }),
  ]);
  return {
    axis: range.axis,
    logType: { ...known, maxGradeDescriptionLength: Math.max(0, ...known.levels.map((l) => l.label.length)) },
    daysGradesAvg: byDay(range.axis, rows, (r) => round(r.avg, 2)),
    daysCounts: byDay(range.axis, rows, (r) => r.count),
  };
};

export const mostLoggedSymptoms = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery & { orderBy: "count" | "severe"; limit: number },
): Promise<{ results: ProgramMostLoggedSymptom[] }> => {
  const { range } = await loadRange(scope, programId, query);
  const [rows] = await Promise.all([
    q.findMostLoggedSymptoms(scope.ctx.db, range, query.orderBy, query.limit),
    audited(scope, programId, "symptoms", { ...query }),
  ]);
  return {
    results: rows.map((row) => {
      const logType = logTypeOrUnlisted(row.logTypeId);
      return {
        logType,
        count: row.count,
        severe: row.severe,
        grades: countsPerGrade(logType.levels, [row.grade0, row.grade1, row.grade2, row.grade3, row.grade4]),
      };
    }),
  };
};

export const temperatureTrends = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery,
): Promise<TemperatureTrends> => {
  const { range } = await loadRange(scope, programId, query);
  const [days, bands] = await Promise.all([
    q.findTemperatureDays(scope.ctx.db, range),
    q.findTemperatureBands(scope.ctx.db, range),
    audited(scope, programId, "temperatureTrends", { ...query }),
  ]);
  return {
    axis: range.axis,
    days: byDay(range.axis, days, (r) => ({
      mean: round(r.mean, 2),
      stDev: round(r.stDev, 2),
      count: r.count,
    })),
    normalMin: temperatureBands.low,
    normalMax: temperatureBands.high,
    highReadings: bands.high,
    lowReadings: bands.low,
  };
};

export const medicationAdherence = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery,
): Promise<{ results: ProgramMedication[] }> => {
  const { program, range, today } = await loadRange(scope, programId, query);
  const [rows] = await Promise.all([
    q.findMedicationAdherence(scope.ctx.db, range, today, territoryTimeZones[program.territory as Territory]),
    audited(scope, programId, "medication", { ...query }),
  ]);
  return {
    results: rows.map((row) => {
      const total = row.logged + row.skipped + row.eventsMissed;
      return { ...row, adherence: total === 0 ? null : Math.round((row.logged / total) * 100) };
    }),
  };
};

/** Questionnaires that fell due per week, and the share of those whose window closed that were completed. */
export const questionnaireCompletion = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery,
): Promise<QuestionnaireCompletion> => {
  const { program, range, today } = await loadRange(scope, programId, query);
  const [weeks] = await Promise.all([
    q.findQuestionnaireWeeks(
      scope.ctx.db,
      range,
      { today, now: scope.ctx.clock.now() },
      territoryTimeZones[program.territory as Territory],
    ),
    audited(scope, programId, "questionnaireCompletion", { ...query }),
  ]);
  return { axis: range.axis, weeks: weeks.map((week) => ({ ...week, rate: questionnaireCompletionRate(week) })) };
};

/** The data permission each figure's patients need beyond the identifying patient list. */
const figurePermission: Record<DashboardFigure, Permission> = {
  symptom: "view_project_symptom_data",
  severeSymptom: "view_project_symptom_data",
  highTemperature: "view_project_temperature_data",
  lowTemperature: "view_project_temperature_data",
  missedMedication: "view_project_symptom_data",
};

/** How many patients a figure lists at most (the total is given beside them). */
export const figurePatientsLimit = 200;

/**
 * The patients behind a figure, by name, to open their dashboards: identifying, so it needs the
 * figure's data permission as well as the route's, and every read is audited with whom it named.
 */
export const figurePatients = async (
  scope: RequestScope,
  programId: string,
  query: RangeQuery & { figure: DashboardFigure; logTypeId?: string; medicationName?: string },
) => {
  const { program, range, today } = await loadRange(scope, programId, query);
  if (!scope.actor.permissions.includes(figurePermission[query.figure])) throw forbidden();
  if (query.logTypeId !== undefined && !findLogType(query.logTypeId))
    throw invalidField("logTypeId", messages.logTypeUnknown);
  const filter: q.FigureFilter =
    query.figure === "symptom"
      ? { figure: "symptom", logTypeId: query.logTypeId! }
      : query.figure === "severeSymptom"
        ? { figure: "severeSymptom", ...(query.logTypeId ? { logTypeId: query.logTypeId } : {}) }
        : query.figure === "missedMedication"
          ? {
              figure: "missedMedication",
              medicationName: query.medicationName!,
              today,
              timeZone: territoryTimeZones[program.territory as Territory],
            }
          : { figure: query.figure };
  const rows = await q.findFigurePatients(scope.ctx.db, range, filter, figurePatientsLimit);
  await scope.audit({
    action: "program.dashboard.patients.read",
    entityType: "program",
    entityId: programId,
    programId,
    details: { ...query, patientIds: rows.map((r) => r.userId) },
  });
  return {
    results: rows.map(({ totalCount: _, ...row }) => row),
    totalCount: rows[0]?.totalCount ?? 0,
  };
};
