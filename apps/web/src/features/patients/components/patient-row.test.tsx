import type { EnrolledPatient, Grants } from "@openpro/core";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { renderWithProviders } from "../../../test-utils";
import { PatientRow } from "./patient-row";
import { statusExplanation } from "./status-history";

const enrolled = (over: Partial<EnrolledPatient> = {}): EnrolledPatient => ({
  id: "44444444-4444-4444-8444-444444444444",
  firstName: "Margaret",
  lastName: "Aldous",
  email: "margaret.aldous@example.org",
  patientIdType: "nhs_number",
  patientId: "9434765919",
  status: "INVITE_SENT",
  statusHistory: [{ status: "INVITE_SENT", date: "2026-03-01T10:00:00.000Z" }],
  verificationStatus: "N_A",
  verificationStatusHistory: [],
  consentGiven: false,
  dateConsentGiven: null,
  dateConsentRevoked: null,
  inviteAccepted: false,
  enrolledWith: "individual",
  createdAt: "2026-03-01T10:00:00.000Z",
  ...over,
});

const nurse: Grants = { permissions: ["view_project_users", "edit_project_user"] };

const renderRow = (patient: EnrolledPatient) =>
  renderWithProviders(
    <ul>
      <PatientRow
        patient={patient}
        program={fromWire(programFixture())}
        actor={nurse}
        timeZone="Europe/London"
        resending={false}
        onAction={vi.fn()}
      />
    </ul>,
  );

describe("an enrolment row", () => {
  it("shows the patient's identifier, named by its type, under the name", () => {
    renderRow(enrolled());
    expect(screen.getByText("NHS Number: 943 476 5919")).toBeTruthy();
  });

  it("shows no identifier line for a patient who joined by invite code without one", () => {
    renderRow(enrolled({ patientIdType: null, patientId: null, enrolledWith: "public" }));
    expect(screen.queryByText(/Number:|Patient id:/)).toBeNull();
  });

  it("says under an unexplained status what it means, and which 'Declined' it is", () => {
    renderRow(
      enrolled({
        status: "STATUS_UNCONFIRMED",
        statusHistory: [
          { status: "INVITE_SENT", date: "2026-03-01T10:00:00.000Z" },
          { status: "STATUS_UNCONFIRMED", date: "2026-03-02T10:00:00.000Z" },
        ],
      }),
    );
    expect(screen.getByText("Status unconfirmed")).toBeTruthy();
    expect(screen.getByText("Joined, but has not yet given or declined consent")).toBeTruthy();
  });

  it("lets a long e-mail wrap only after its @ and its dots, never mid-word", () => {
    const { container } = renderRow(enrolled());
    const email = screen.getByText(
      (_, node) => node?.textContent === "margaret.aldous@example.org" && node.tagName === "P",
    );
    // The break opportunities sit after "margaret.", "aldous@" and "example." and nowhere else.
    expect(email.querySelectorAll("wbr")).toHaveLength(3);
    expect(getComputedStyle(email).overflowWrap).not.toBe("anywhere");
    expect(container.textContent).toContain("margaret.aldous@example.org");
  });
});

describe("a status explanation", () => {
  it("tells a declined verification from a declined consent", () => {
    expect(statusExplanation({ kind: "verification", value: "DECLINED", date: "2026-03-02" })).toBe(
      "The care team could not confirm this patient's identity",
    );
    expect(statusExplanation({ kind: "status", value: "CONSENT_DECLINED", date: "2026-03-02" })).toBe(
      "Opened the invitation and chose not to take part",
    );
    expect(statusExplanation({ kind: "status", value: "CONSENTED", date: "2026-03-02" })).toBeNull();
  });
});
