import type { Program } from "@openpro/core";
import { fromWire, type Program as WebProgram } from "./lib/wire";

/** A program as GET /admin/projects returns it: open, individual invites, nothing configured. */
export const programFixture = (over: Partial<Program> = {}): Program => ({
  projectId: "33333333-3333-4333-8333-333333333333",
  name: "Program",
  patientProgramName: null,
  description: null,
  territory: "UK_IRE",
  organisationId: "11111111-1111-4111-8111-111111111111",
  organisationName: "Alpha Health",
  startDate: "2026-01-01",
  endDate: null,
  endedAt: null,
  inviteMode: "individual",
  kind: "individual",
  isPrivate: false,
  imageUrl: null,
  thumbnailUrl: null,
  closed: false,
  isProjectActive: true,
  adverseEventReportingMessage: null,
  consentMessage: null,
  disclaimer: null,
  temperatureMin: null,
  temperatureMax: null,
  temperatureMessage: null,
  defaultAlertMessage: null,
  articles: [],
  consentedPatientsCount: 0,
  availableQuestionnaireTypes: [],
  populateNvAppointments: false,
  projectPeriod: null,
  disabledNoteTypes: [],
  defaultPatientIdType: null,
  customPatientIdName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  canView: true,
  ...over,
});

/** The same program as the web's components see it, its id named `programId` (lib/wire.ts). */
export const programViewFixture = (over: Partial<Program> = {}): WebProgram => fromWire(programFixture(over));
