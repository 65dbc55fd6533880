import { can, type Grants, type Permission } from "../access.js";
import { type LogClass, logClasses } from "../rules/logs.js";
import type { LogItem } from "./logs.js";
import type { DailyReport, ParticipantReport } from "./reports.js";

/**
 * Which permission shows which part of a patient's data. The web app hides a widget without its
 * permission; the server leaves that part out of the answer, so hiding is never the only control.
 */
export const reportSectionPermissions = {
  calendar: "view_user_dashboard_calendar",
  symptoms: "view_user_symptom_logs",
  weight: "view_user_dashboard_weight",
  temperature: "view_user_dashboard_temperature",
  medications: "view_user_medication_adherence",
  activities: "view_user_activities",
  appointments: "view_nurse_visit_appointments",
} as const satisfies Record<string, Permission>;

export type ReportSection = keyof typeof reportSectionPermissions;

/**
 * The section a log belongs to. Feelings, mood, sleep, nutrition and blood pressure have no widget
 * of their own: they show on the calendar's day, so the calendar's permission governs them.
 */
export const sectionOfLogClass = (logClass: LogClass): ReportSection => {
  switch (logClass) {
    case "SYMPTOMS":
      return "symptoms";
    case "TEMPERATURE":
      return "temperature";
    case "WEIGHT":
      return "weight";
    case "ACTIVITY":
      return "activities";
    default:
      return "calendar";
  }
};

export const visibleSections = (actor: Grants): Record<ReportSection, boolean> =>
  Object.fromEntries(
    Object.entries(reportSectionPermissions).map(([section, permission]) => [section, can(actor, permission)]),
  ) as Record<ReportSection, boolean>;

const visibleLogs = (logs: LogItem[], sees: Record<ReportSection, boolean>) =>
  logs.filter((log) => sees[sectionOfLogClass(log.logClass)]);

/** The parts of the participant report that a section governs, each with what it shows when hidden (fresh objects). */
const emptiedParticipantParts = (): Record<ReportSection, Partial<ParticipantReport>> => ({
  calendar: { days: [] },
  symptoms: {
    symptoms: [],
    symptomsNew: [],
    symptomsAcknowledged: [],
    symptomsRemoved: [],
    mostLoggedSymptoms: [],
  },
  activities: {
    steps: [],
    stepsTotal: { total: 0, dailyAvg: 0 },
    activitiesTotal: { total: 0, dailyAvg: 0 },
    activities: [],
  },
  temperature: { temperatures: [] },
  medications: { medicationAdherence: [] },
  appointments: { appointments: [] },
  weight: { weights: { unit: "kg", avg: null, dayAvg: [], items: [], count: 0 } },
});

/**
 * The parts of the participant report the actor may not see, each emptied (never invented): a
 * report assembled part by part puts these in place of its own. The report's `logs` are not among
 * them: they are kept per log, by visibleLogClasses.
 */
export const hiddenParticipantReportParts = (actor: Grants): Partial<ParticipantReport> => {
  const sees = visibleSections(actor);
  const emptied = emptiedParticipantParts();
  const hidden: Partial<ParticipantReport> = {};
  for (const section of Object.keys(emptied) as ReportSection[]) {
    if (!sees[section]) Object.assign(hidden, emptied[section]);
  }
  return hidden;
};

/** The classes of log the actor may see in a report's list of logs (a database filter takes them). */
export const visibleLogClasses = (actor: Grants): LogClass[] => {
  const sees = visibleSections(actor);
  return logClasses.filter((logClass) => sees[sectionOfLogClass(logClass)]);
};

/** The participant report with every part the actor may not see emptied (never invented). */
export const participantReportFor = (report: ParticipantReport, actor: Grants): ParticipantReport => {
  const sees = visibleSections(actor);
  return { ...report, ...hiddenParticipantReportParts(actor), logs: visibleLogs(report.logs, sees) };
};

/** One day of the patient with every part the actor may not see emptied. */
export const dailyReportFor = (report: DailyReport, actor: Grants): DailyReport => {
  const sees = visibleSections(actor);
  return {
    ...report,
    feelings: sees.calendar ? report.feelings : [],
    symptoms: sees.symptoms ? report.symptoms : [],
    temperatures: sees.temperature ? report.temperatures : [],
    weights: sees.weight ? report.weights : [],
    medicationEvents: sees.medications ? report.medicationEvents : [],
    appointments: sees.appointments ? report.appointments : [],
    activities: sees.activities ? report.activities : [],
    steps: sees.activities ? report.steps : [],
  };
};
