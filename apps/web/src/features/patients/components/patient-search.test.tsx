import { messages } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { PatientSearch } from "./patient-search";

const record = (over: Record<string, unknown>) => ({
  id: "44444444-4444-4444-8444-444444444444",
  firstName: "Ada",
  lastName: "Lovelace",
  dob: null,
  inviteEmail: "ada@example.org",
  consentedEmail: null,
  patientId: "1234567890",
  patientIdType: null,
  patientStatus: "PROJECT_COMPLETED",
  project: { projectId: "33333333-3333-4333-8333-333333333333", name: "Heart" },
  ...over,
});

describe("the global patient search", () => {
  it("needs two characters, shows Completed and links rows by status", async () => {
    stubFetch({
      "GET /api/v1/pro-dashboard/patients?term=lo&_page=1&_perPage=25": () =>
        jsonResponse(200, {
          results: [
            record({}),
            record({ id: "55555555-5555-4555-8555-555555555555", firstName: "Bo", patientStatus: "CONSENTED" }),
          ],
          totalCount: 2,
        }),
      "GET /api/v1/pro-dashboard/patients?term=zz&_page=1&_perPage=25": () =>
        jsonResponse(200, { results: [], totalCount: 0 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PatientSearch />, { route: "/patients/search" });
    const box = screen.getByRole("textbox", { name: "Search patients" });
    await user.type(box, "l{Enter}");
    expect(screen.getByText(messages.searchMinLength)).toBeTruthy();

    await user.type(box, "o{Enter}");
    const table = await screen.findByRole("table", { name: "Patients found" });
    expect(within(table).getByText("Completed")).toBeTruthy();
    expect(within(table).getAllByText("123 456 7890")).toHaveLength(2);
    expect(within(table).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe(
      "/programs/33333333-3333-4333-8333-333333333333/settings",
    );
    expect(within(table).getByRole("link", { name: "Bo Lovelace" }).getAttribute("href")).toBe(
      "/programs/33333333-3333-4333-8333-333333333333/participants/55555555-5555-4555-8555-555555555555",
    );

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect((box as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("table")).toBeNull();
    await user.type(box, "zz{Enter}");
    expect(await screen.findByText(messages.noResults)).toBeTruthy();
  });
});
