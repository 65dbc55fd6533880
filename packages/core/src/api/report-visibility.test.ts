import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { permissions } from "../access.js";
import { logClasses } from "../rules/logs.js";
import type { LogItem } from "./logs.js";
import {
  hiddenParticipantReportParts,
  participantReportFor,
  reportSectionPermissions,
  sectionOfLogClass,
  visibleLogClasses,
} from "./report-visibility.js";
import type { ParticipantReport } from "./reports.js";

const everyPermission = { permissions };
const without = (...revoked: string[]) => ({ permissions: permissions.filter((p) => !revoked.includes(p)) });

const log = (logClass: LogItem["logClass"]): LogItem => ({
  logId: logClass,
  logClass,
  date: "2026-03-03T09:00:00.000Z",
  localDate: "2026-03-03",
  logTypeId: null,
  validationStatus: null,
  validationReason: null,
  level: null,
  data: {},
});

/** A report with something in every part, so that emptying shows. */
const fullReport: ParticipantReport = {
  startDate: "2026-03-02",
  endDate: "2026-03-08",
  days: [{ date: "2026-03-03", type: "DANGER", acknowledged: false }],
  symptoms: [],
  symptomsNew: [],
  symptomsAcknowledged: [],
  symptomsRemoved: [],
  mostLoggedSymptoms: [],
  steps: [{ date: "2026-03-03", total: 4000 }],
  stepsTotal: { total: 4000, dailyAvg: 4000 },
  activitiesTotal: { total: 30, dailyAvg: 30 },
  activities: [{ activityType: "Walking", count: 1, totalMinutes: 30 }],
  temperatures: [log("TEMPERATURE")],
  medicationAdherence: [],
  appointments: [
    {
      appointmentId: "a",
      appointmentType: "BLOOD_TEST",
      startDate: "2026-03-04",
      endDate: "2026-03-04",
      status: "BOOKED",
      attended: false,
    },
  ],
  weights: { unit: "kg", avg: 70, dayAvg: [{ date: "2026-03-03", avg: 70 }], items: [log("WEIGHT")], count: 1 },
  logs: logClasses.map(log),
  senderData: {
    userId: "u",
    firstName: "Grace",
    lastName: "Hopper",
    dateConsentGiven: null,
    dateConsentRevoked: null,
    reportsEarliestDate: null,
    reportsLatestDate: null,
  },
};

describe("what a report reader may see", () => {
  it("hides nothing and lists every class of log for a reader with every widget permission", () => {
    expect(hiddenParticipantReportParts(everyPermission)).toEqual({});
    expect(visibleLogClasses(everyPermission)).toEqual([...logClasses]);
  });

  it("empties the weight part and leaves weight logs out of the list without the weight permission", () => {
    const reader = without("view_user_dashboard_weight");
    expect(hiddenParticipantReportParts(reader)).toEqual({
      weights: { unit: "kg", avg: null, dayAvg: [], items: [], count: 0 },
    });
    expect(visibleLogClasses(reader)).toEqual(logClasses.filter((c) => c !== "WEIGHT"));
  });

  it("without the calendar, the days and every log shown only on a day (feelings, mood, sleep…) go", () => {
    const reader = without("view_user_dashboard_calendar");
    expect(hiddenParticipantReportParts(reader)).toEqual({ days: [] });
    expect([...visibleLogClasses(reader)].sort()).toEqual(["ACTIVITY", "SYMPTOMS", "TEMPERATURE", "WEIGHT"]);
  });

  it("gives fresh empty values each time (an answer built from them cannot change the next one's)", () => {
    const reader = without("view_user_dashboard_calendar");
    hiddenParticipantReportParts(reader).days?.push(fullReport.days[0]!);
    expect(hiddenParticipantReportParts(reader).days).toEqual([]);
  });

  it("for any set of permissions, the report filtered as a whole equals the parts hidden and the classes listed", () => {
    const sectionPermissions = Object.values(reportSectionPermissions);
    fc.assert(
      fc.property(fc.subarray(sectionPermissions), (revoked) => {
        const reader = without(...revoked);
        const filtered = participantReportFor(fullReport, reader);
        const hidden = hiddenParticipantReportParts(reader);
        expect(filtered).toEqual({
          ...fullReport,
          ...hidden,
          logs: fullReport.logs.filter((l) => visibleLogClasses(reader).includes(l.logClass)),
        });
        // A part is emptied exactly when its section's permission is missing.
        for (const logClass of logClasses) {
          const seen = !revoked.includes(reportSectionPermissions[sectionOfLogClass(logClass)]);
          expect(filtered.logs.some((l) => l.logClass === logClass)).toBe(seen);
        }
        expect("weights" in hidden).toBe(revoked.includes("view_user_dashboard_weight"));
        expect("appointments" in hidden).toBe(revoked.includes("view_nurse_visit_appointments"));
      }),
    );
  });
});
