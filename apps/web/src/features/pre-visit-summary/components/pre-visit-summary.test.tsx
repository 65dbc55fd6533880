import type { PreVisitSummary } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { PreVisitSummaryView } from "./pre-visit-summary";

const projectId = "11111111-1111-4111-8111-111111111111";
const base = `/programs/${projectId}/participants/22222222-2222-4222-8222-222222222222`;

const summary: PreVisitSummary = {
  patientName: "Grace Hopper",
  programName: "Northbridge Heart",
  from: "2026-03-01",
  to: "2026-03-12",
  lastVisit: { appointmentId: "a1", date: "2026-03-01", appointmentType: "NURSE_APPOINTMENT" },
  severeSymptoms: [
    {
      logTypeId: "10028813",
      name: "Nausea",
      worstGrade: 3,
      firstSevereDate: "2026-03-04",
      course: [
        { date: "2026-03-02", grade: 1, isDanger: false },
        { date: "2026-03-04", grade: 3, isDanger: true },
        { date: "2026-03-06", grade: 2, isDanger: false },
      ],
    },
  ],
  alerts: [
    {
      alertId: "al1",
      kind: "symptom",
      what: "Nausea grade 3",
      status: "closed",
      raisedAt: "2026-03-04T09:00:05.000Z",
      closedAt: "2026-03-04T09:40:00.000Z",
      closeAction: "called_patient",
      closeNote: "Antiemetic advised",
    },
  ],
  temperaturesOutOfRange: [{ logId: "t1", date: "2026-03-05", loggedAt: "2026-03-05T08:00:00.000Z", celsius: 38.6 }],
  medicationAdherence: [{ name: "Ondansetron", total: 10, logged: 7, skipped: 1, missed: 2 }],
  questionnaires: [
    {
      eventId: "q1",
      name: "EQ-5D-3L",
      completedAt: "2026-03-08T10:05:00.000Z",
      changes: [
        {
          scale: "VAS",
          label: "EQ VAS",
          score: 50,
          previous: 70,
          change: -20,
          mid: 7,
          meaningful: true,
          direction: "worse",
        },
      ],
    },
  ],
  missedQuestionnaires: [{ eventId: "q2", name: "EQ-5D-3L", dueDate: "2026-03-05" }],
  notes: [
    { logId: "n1", date: "2026-03-04", loggedAt: "2026-03-04T09:00:00.000Z", note: "Could not keep breakfast down" },
  ],
};

describe("the pre-visit summary", () => {
  it("shows each part of the period on one page, every figure a link to its detail", () => {
    renderWithProviders(<PreVisitSummaryView summary={summary} programId={projectId} base={base} />);
    const section = (name: string) => screen.getByRole("region", { name });
    expect(
      within(section("Symptoms at a danger grade")).getByRole("link", { name: "Nausea" }).getAttribute("href"),
    ).toBe(`${base}/symptoms/10028813`);
    within(section("Symptoms at a danger grade")).getByText(/worst grade 3.*course 1 → 3 → 2/);
    expect(within(section("Alerts")).getByRole("link", { name: "Nausea grade 3" }).getAttribute("href")).toBe(
      `/alerts?projectId=${projectId}&alert=al1`,
    );
    within(section("Alerts")).getByText(/Closed, Called patient \(Antiemetic advised\)/);
    expect(
      within(section("Temperature out of range")).getByRole("link", { name: "38.6 °C" }).getAttribute("href"),
    ).toBe(`${base}/calendar?date=2026-03-05`);
    within(section("Medication adherence")).getByText(/7 taken, 1 skipped, 2 missed of 10/);
    const scores = section("Questionnaire scores");
    within(scores).getByText(/EQ VAS: 50 \(-20 since 70; MID 7\)/);
    within(scores).getByText("meaningfully worse", { exact: false });
    within(section("Missed questionnaires")).getByRole("link", { name: "EQ-5D-3L" });
    within(section("The patient's notes")).getByText(/Could not keep breakfast down/);
    expect(screen.getByRole("link", { name: /Nurse appointment/ }).getAttribute("href")).toBe(
      `${base}/schedule-nurse-appointment/a1`,
    );
  });

  it("says plainly when a part has nothing in the period", () => {
    renderWithProviders(
      <PreVisitSummaryView
        summary={{ ...summary, lastVisit: null, alerts: [], severeSymptoms: [], notes: [] }}
        programId={projectId}
        base={base}
      />,
    );
    screen.getByText("No alert in the period.");
    screen.getByText("No symptom reached a danger grade.");
    screen.getByText(/no visit recorded before today/);
  });
});
