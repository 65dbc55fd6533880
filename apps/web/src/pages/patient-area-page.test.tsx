import { describe, expect, it } from "vitest";
import type { ParticipantDetails } from "../features/patients/api";
import { dateRangeShownAt, defaultRange } from "./patient-area-page";

const participant = (over: Partial<ParticipantDetails>): ParticipantDetails =>
  ({ dateConsentGiven: "2026-03-05T10:00:00.000Z", dateConsentRevoked: null, ...over }) as ParticipantDetails;

describe("the patient header's date range", () => {
  it("defaults to consent given through today", () => {
    expect(defaultRange(participant({}), "2026-04-01")).toEqual({ startDate: "2026-03-05", endDate: "2026-04-01" });
  });
  it("ends at the revoked date for a withdrawn patient", () => {
    expect(defaultRange(participant({ dateConsentRevoked: "2026-03-20T09:00:00.000Z" }), "2026-04-01")).toEqual({
      startDate: "2026-03-05",
      endDate: "2026-03-20",
    });
  });
});

describe("where the patient header offers its date range", () => {
  const patient = "/programs/p1/participants/u1";
  it("on the dashboard and the report's detail pages", () => {
    for (const path of [patient, `${patient}/calendar`, `${patient}/weight`, `${patient}/symptoms/10016558`])
      expect(dateRangeShownAt(path), path).toBe(true);
  });
  it("not on the questionnaire and appointment pages (document 2 §2)", () => {
    for (const path of [
      `${patient}/delivered-questionnaires`,
      `${patient}/scheduled-questionnaires`,
      `${patient}/schedule/create`,
      `${patient}/scheduled-nurse-appointment`,
      `${patient}/schedule-nurse-appointment/create`,
      `${patient}/schedule-nurse-appointment/a1`,
    ])
      expect(dateRangeShownAt(path), path).toBe(false);
  });
});
