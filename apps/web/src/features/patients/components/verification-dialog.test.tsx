import { type EnrolledPatient, messages } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { VerificationDialog } from "./verification-dialog";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";

/** Ada, awaiting verification: the program entered "Ada Lovelace", she signed up as "Ada King". */
const awaiting = (over: Partial<EnrolledPatient> = {}): EnrolledPatient => ({
  id: userId,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@patients.test",
  patientIdType: "nhs_number",
  patientId: "9434765919",
  status: "CONSENTED",
  statusHistory: [],
  verificationStatus: "AWAITING_VERIFICATION",
  verificationStatusHistory: [],
  consentGiven: true,
  dateConsentGiven: "2026-11-20T09:00:00.000Z",
  dateConsentRevoked: null,
  inviteAccepted: true,
  enrolledWith: "individual",
  createdAt: "2026-11-19T09:00:00.000Z",
  dob: "1985-12-10",
  patientEntered: { firstName: "Ada", lastName: "King", dob: "1985-12-10", sex: "female" },
  ...over,
});

describe("the Verify dialog", () => {
  it("shows what the patient entered beside what the program entered", async () => {
    stubFetch({});
    renderWithProviders(<VerificationDialog programId={projectId} patient={awaiting()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole("dialog", { name: "Verify Ada Lovelace" });
    const table = within(dialog).getByRole("table");
    const row = (name: string) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Entered by the program", "Entered by the patient"]);
    expect(row("Name")).toEqual(["Ada Lovelace", "Ada King"]);
    expect(row("Date of birth")).toEqual(["–", expect.stringMatching(/1985/)]);
    expect(row("Sex")).toEqual(["–", "Female"]);
    expect(row("Patient id")).toEqual(["9434765919", "–"]);
  });

  it("preselects no decision: nothing can be sent until the verifier chooses", async () => {
    const fetchMock = stubFetch({
      [`PATCH /api/v1/users/${userId}/decline?projectId=${projectId}`]: () => jsonResponse(200, { message: "ok" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<VerificationDialog programId={projectId} patient={awaiting()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole("dialog", { name: "Verify Ada Lovelace" });
    for (const radio of within(dialog).getAllByRole("radio")) expect((radio as HTMLInputElement).checked).toBe(false);
    const submit = within(dialog).getByRole("button", { name: "Submit" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "Decline" }));
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(await screen.findByText(messages.patientDeclined)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/decline"))).toBe(true);
  });

  it("says what the patient has not given", async () => {
    stubFetch({});
    renderWithProviders(
      <VerificationDialog programId={projectId} patient={awaiting({ patientEntered: null })} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Verify Ada Lovelace" });
    expect(within(dialog).getAllByText("Not given")).toHaveLength(3);
  });
});
