import { describe, expect, it } from "vitest";
import type { ParticipantDetails } from "../features/patients/participants-api";
import { defaultRange } from "./patient-area-page";

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
