import { messages } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeTokens } from "../../../lib/tokens";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ErasePatientButton } from "./erase-patient-button";

const projectId = "11111111-1111-4111-8111-111111111111";
const userId = "22222222-2222-4222-8222-222222222222";
const url = `/api/v1/admin/projects/${projectId}/users/${userId}/erasure`;

const signedIn = () => storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });
const open = async () => {
  renderWithProviders(<ErasePatientButton programId={projectId} userId={userId} patientName="Grace Hopper" />);
  await userEvent.click(screen.getByRole("button", { name: "Erase patient data" }));
  return screen.findByRole("dialog", { name: "Erase patient data" });
};

afterEach(() => vi.unstubAllGlobals());

describe("erasing a patient's data", () => {
  it("says what goes and what stays, warns while the program keeps the data, and erases once reason and name are given", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () =>
        jsonResponse(200, {
          erased: false,
          erasedAt: null,
          ground: null,
          allowedOnRequest: false,
          refusal: messages.erasureRefusedProgramRunning,
        }),
      [`POST ${url}`]: () =>
        jsonResponse(200, {
          message: messages.patientErased,
          erasedAt: "2026-03-09T12:00:00.000Z",
          ground: "no_legal_ground",
          accountClosed: true,
        }),
    });
    const dialog = await open();
    await within(dialog).findByText(messages.erasureRefusedProgramRunning);
    within(dialog).getByText(/date of\s+birth \(the year is kept\)/);
    within(dialog).getByText(/under a random id/);

    // Nothing is sent without a reason and the patient's name.
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase data" }));
    within(dialog).getByText(messages.erasureReasonRequired);
    within(dialog).getByText(messages.erasureConfirmNameMismatch);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await userEvent.click(within(dialog).getByRole("combobox", { name: /Reason/ }));
    await userEvent.click(await screen.findByRole("option", { name: "There is no legal ground to keep the data" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Type the patient's name/ }), "grace  hopper");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase data" }));

    await screen.findByText(messages.patientErased);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: "no_legal_ground", confirm: true });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    signedIn();
    stubFetch({
      [`GET ${url}`]: () =>
        jsonResponse(200, { erased: false, erasedAt: null, ground: null, allowedOnRequest: true, refusal: null }),
      [`POST ${url}`]: () =>
        jsonResponse(409, { statusCode: 409, message: messages.erasureRefusedRetention("2045-06-30") }),
    });
    const dialog = await open();
    // A request the rule grants today: the reason is chosen for the user.
    expect(await within(dialog).findByRole("combobox", { name: /Reason/ })).toHaveProperty(
      "textContent",
      "The patient asked for erasure",
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Type the patient's name/ }), "Grace Hopper");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase data" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      messages.erasureRefusedRetention("2045-06-30"),
    );
    screen.getByRole("dialog", { name: "Erase patient data" });
  });

  it("says so when the data was already erased, and offers nothing to do", async () => {
    signedIn();
    stubFetch({
      [`GET ${url}`]: () =>
        jsonResponse(200, {
          erased: true,
          erasedAt: "2026-03-09T12:00:00.000Z",
          ground: "retention_over",
          allowedOnRequest: false,
          refusal: null,
        }),
    });
    const dialog = await open();
    await within(dialog).findByText(/was erased on 2026-03-09/);
    expect(within(dialog).queryByRole("button", { name: "Erase data" })).toBeNull();
    within(dialog).getByRole("button", { name: "Close" });
  });
});
