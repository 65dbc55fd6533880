import { readFileSync } from "node:fs";
import {
  alertCallLine,
  alertsApi,
  defaultEscalationMinutes,
  type Endpoint,
  inviteCodesApi,
  limits,
  logsApi,
  logUploadResultSchema,
  programReadiness,
  programReadinessApi,
  pushApi,
  reportsApi,
  symptomRaisesAlert,
  temperatureOutOfRange,
  territoryAlertDefaults,
  territoryTimeZones,
} from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { escalateAlert } from "../alerts/service.js";
import { legalDocumentTexts } from "./documents.js";

/**
 * A clinical document must say what the product does, no more and no less (issue 30 §2): every
 * statement of the Instructions for Use is listed here with the check that makes it true, against
 * the running API and the rules in core. A statement that something does NOT exist is checked the
 * other way round: it fails once the feature exists.
 */
describe("the Instructions for Use describe what the product does", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const document = legalDocumentTexts["sciensuspro-instructions-for-use"];
  const statements = document.blocks.flatMap((b) =>
    b.type === "paragraph" ? [b.text] : b.type === "list" ? b.items : [],
  );
  const serves = (...endpoints: Endpoint[]) =>
    endpoints.every((e) => t.app.hasRoute({ method: e.method, url: e.path }));
  const routePaths = () => t.app.printRoutes({ commonPrefix: false }).toLowerCase();
  const serverDependencies = () =>
    Object.keys(
      (
        JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    );
  const defaults = territoryAlertDefaults("UK_IRE");

  /**
   * Each statement and what makes it true: "feature" (the product does it), "absence" (the
   * product does not: true while the feature is missing), "guidance" (an instruction to the
   * reader that claims nothing of the product).
   */
  const claims: { statement: string; kind: "feature" | "absence" | "guidance"; holds: () => boolean }[] = [
    {
      statement:
        "OpenPRO collects patient-reported outcomes (symptoms graded on the CTCAE scale, temperature, weight, medication adherence, activity and questionnaires) between visits and shows them to the care team. It does not diagnose and it does not treat: the care team decides what to do.",
      kind: "absence",
      holds: () =>
        serves(logsApi.upload, reportsApi.participantReport) && !/diagnos|treatment-plan|prescri/.test(routePaths()),
    },
    {
      statement:
        "OpenPRO raises an alert for the care team when a patient logs a severe or very severe symptom (grade 3 or 4), a symptom and grade the program chose, or a temperature outside the program's thresholds.",
      kind: "feature",
      holds: () =>
        serves(alertsApi.list) &&
        symptomRaisesAlert("10013963", 3, new Set()) &&
        symptomRaisesAlert("10013963", 4, new Set()) &&
        !symptomRaisesAlert("10013963", 2, new Set()) &&
        symptomRaisesAlert("10013963", 1, new Set(["10013963:1"])) &&
        temperatureOutOfRange(38.5, 36, 38),
    },
    {
      statement:
        "A program without its own thresholds uses its territory's: an alert at 38.0 °C or more, or below 35.0 °C.",
      kind: "feature",
      holds: () =>
        temperatureOutOfRange(38.0, defaults.temperatureMin, defaults.temperatureMax) &&
        !temperatureOutOfRange(37.9, defaults.temperatureMin, defaults.temperatureMax) &&
        temperatureOutOfRange(34.9, defaults.temperatureMin, defaults.temperatureMax) &&
        !temperatureOutOfRange(35.0, defaults.temperatureMin, defaults.temperatureMax),
    },
    {
      statement:
        "Alerts wait in the Alerts queue until a team member takes and closes them; team members can also ask for an e-mail when an alert is raised.",
      kind: "feature",
      holds: () => serves(alertsApi.list, alertsApi.take, alertsApi.close, alertsApi.updatePreferences),
    },
    {
      statement:
        "An alert still open after the program's escalation delay (60 minutes unless the program changes it) is e-mailed to the program's admins, or to its whole team when it has no admin.",
      kind: "feature",
      holds: () =>
        defaultEscalationMinutes === 60 && serves(alertsApi.updateSettings) && typeof escalateAlert === "function",
    },
    {
      statement:
        "After a severe symptom or a temperature outside the thresholds, the app shows the patient the program's message at once, followed by the care team's phone numbers and the emergency number of the program's territory, to call with one tap.",
      kind: "feature",
      holds: () =>
        "alertMessages" in logUploadResultSchema.shape &&
        alertCallLine("UK_IRE", [{ careTeamName: "Ward", phone: "+441130000000" }]).includes("+441130000000") &&
        alertCallLine("US", []).includes("911"),
    },
    {
      statement:
        "A program reaches patients only when it is ready: a care-team phone number, temperature thresholds with their message, an alert message for every severe grade (or one default message) and someone to escalate to. Until then invitations and invite codes are refused.",
      kind: "feature",
      holds: () =>
        serves(programReadinessApi.get, inviteCodesApi.create) &&
        programReadiness({
          careTeam: [],
          temperatureMin: null,
          temperatureMax: null,
          temperatureMessage: null,
          defaultAlertMessage: null,
          alertMessagePairs: [],
          escalationMinutes: null,
          escalationRecipients: 0,
        }).length === 4,
    },
    {
      statement:
        "No member of staff is paged, phoned, texted or sent a push notification: alerts are shown in the queue and sent by e-mail only. Push notifications go only to patients who turn them on, as reminders that carry no health data.",
      kind: "absence",
      // No SMS or paging service; web-push (issue 36) is there for patients only: every route that
      // stores a push subscription is a patient's own (/api/v1/user/push/…), and staff set only the
      // program's quiet hours.
      holds: () =>
        !serverDependencies().some((d) =>
          /twilio|vonage|nexmo|messagebird|sinch|pagerduty|opsgenie|sms|firebase/.test(d),
        ) &&
        !/\bsms\b|\/page\b|\/call\b|push-notification/.test(routePaths()) &&
        routePaths()
          .split("\n")
          .filter((line) => line.includes("push"))
          .every((line) => line.includes("/api/v1/user/push/") || line.includes("/push-settings")) &&
        serves(pushApi.subscribe),
    },
    {
      statement:
        "Alerts are not watched outside your team's working hours unless your team's escalation says who reads them then. Patients are told to call the emergency number when they cannot reach you.",
      kind: "absence",
      // No on-call rota or out-of-hours routing exists; the patient's message names the emergency number.
      holds: () => !/on-call|rota|out-of-hours/.test(routePaths()) && alertCallLine("CH", []).includes("144"),
    },
    {
      statement: "Use a current version of Chrome, Edge, Firefox or Safari.",
      kind: "guidance",
      holds: () => true,
    },
    {
      statement: "Sign in with your own account; every sign-in needs the code sent to your e-mail.",
      kind: "feature",
      holds: () => t.app.hasRoute({ method: "POST", url: "/api/v2/auth/login" }),
    },
    {
      statement: "You are signed out after 30 minutes without activity.",
      kind: "feature",
      holds: () => limits.inactivitySignOutSeconds === 30 * 60,
    },
    {
      statement: "Severe and very severe symptoms (grades 3 and 4) are highlighted; acknowledge them once reviewed.",
      kind: "feature",
      holds: () => serves(logsApi.validate, logsApi.revalidate, reportsApi.participantReport),
    },
    {
      statement: "Absence of a log does not mean absence of a symptom: patients may not log every day.",
      kind: "guidance",
      holds: () => true,
    },
    {
      statement: "Times are shown in the program's time zone.",
      kind: "feature",
      holds: () => Object.values(territoryTimeZones).every((zone) => zone.includes("/")),
    },
    {
      statement:
        "If data looks wrong or missing, do not rely on it for a clinical decision: contact the patient directly and report the problem to support through the Feedback button.",
      kind: "guidance",
      holds: () => true,
    },
    { statement: "OpenPRO is not an emergency service.", kind: "absence", holds: () => true },
    { statement: "Do not share your account.", kind: "guidance", holds: () => true },
    {
      statement: "Patient data shown on screen is confidential: lock your screen when you leave it.",
      kind: "guidance",
      holds: () => true,
    },
  ];

  it("holds each statement of the Instructions for Use to the feature it describes", () => {
    // Every statement is listed (a new one needs its check) and every listed one is in the document.
    expect(statements.filter((s) => !claims.some((c) => c.statement === s))).toEqual([]);
    expect(claims.filter((c) => !statements.includes(c.statement)).map((c) => c.statement)).toEqual([]);
    for (const claim of claims) expect(claim.holds(), claim.statement).toBe(true);
  });

  it("fails a claim of absence when the feature exists", () => {
    // The sentence the IFU carried until issue 30, checked as its claim would be: alerts exist, so it is false.
    const oldClaim = {
      statement: "It does not raise alarms by itself: the care team decides.",
      holds: () => !serves(alertsApi.list),
    };
    expect(oldClaim.holds()).toBe(false);
    expect(JSON.stringify(document).toLowerCase()).not.toContain("does not raise alarms");
    // And the absence claims that stand are absences today.
    expect(claims.filter((c) => c.kind === "absence").every((c) => c.holds())).toBe(true);
  });
});
