import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { jsonResponse, renderWithProviders, type stubFetch } from "../../test-utils";
import { readMeTokens } from "../session";
import { answerDoses, programId, signInPatientAnswering, tamoxifen } from "../test-support";
import { MeMedicationsPage } from "./me-medications-page";
import { MeSettingsPage } from "./me-settings-page";

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, key: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? "GET"} ${url}` === key)?.[1]?.body));

afterEach(() => vi.unstubAllGlobals());

describe("the patient web app's settings", () => {
  it("downloads the patient's data as the zip the server sends, with their token", async () => {
    // Bytes, not a jsdom Blob: the Response of the test runtime reads them.
    const zip = new TextEncoder().encode("PK fake zip");
    const fetchMock = signInPatientAnswering({
      answers: {
        "GET /api/v1/user/data-export": () =>
          new Response(zip, {
            status: 200,
            headers: {
              "content-type": "application/zip",
              "content-disposition": 'attachment; filename="freya-data.zip"',
            },
          }),
      },
    });
    const token = readMeTokens()?.accessToken;
    const saved: { name: string; blob: Blob }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: "", blob });
      return "blob:zip";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const user = userEvent.setup();
    renderWithProviders(<MeSettingsPage />, { route: "/me/settings" });
    await user.click(await screen.findByRole("button", { name: t("downloadData") }));
    expect(await screen.findByText(t("downloadDone"))).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/v1/user/data-export");
    expect(token).toBeTruthy();
    expect(new Headers(call?.[1]?.headers).get("authorization")).toBe(`Bearer ${token}`);
    expect(click).toHaveBeenCalledOnce();
    expect(saved.map((s) => s.name)).toEqual(["freya-data.zip"]);
    expect(await saved[0]!.blob.text()).toBe("PK fake zip");
    click.mockRestore();
  });

  it("says so when the data cannot be prepared", async () => {
    signInPatientAnswering({
      answers: { "GET /api/v1/user/data-export": () => jsonResponse(500, { statusCode: 500, message: "Boom" }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeSettingsPage />, { route: "/me/settings" });
    await user.click(await screen.findByRole("button", { name: t("downloadData") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("downloadFailed"));
  });

  it("stops e-mails with the patient's own session, then withdraws after a confirmation", async () => {
    const fetchMock = signInPatientAnswering({
      answers: {
        "POST /api/v1/questionnaire-reminders/unsubscribe": () => jsonResponse(200, { message: "ok" }),
        [`PATCH /api/v1/user/project/${programId}/consent`]: () => jsonResponse(200, { message: "ok" }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeSettingsPage />, { route: "/me/settings" });
    const confirm = await screen.findByRole("button", { name: t("unsubscribeConfirm") });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: t("unsubscribeCheckbox") }));
    await user.click(confirm);
    expect(await screen.findByText(t("unsubscribed"))).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: t("unsubscribeCheckbox") }) as HTMLInputElement).disabled).toBe(true);
    expect(bodyOf(fetchMock, "POST /api/v1/questionnaire-reminders/unsubscribe")).toEqual({
      email: "freya@example.org",
      userId: "p1",
      isEnabled: false,
    });

    await user.click(screen.getByRole("button", { name: t("withdrawButton") }));
    const dialog = await screen.findByRole("dialog", { name: t("withdrawConfirmTitle") });
    await user.click(within(dialog).getByRole("button", { name: t("withdrawButton") }));
    expect(await screen.findByText(t("withdrawDone"))).toBeTruthy();
    expect(bodyOf(fetchMock, `PATCH /api/v1/user/project/${programId}/consent`)).toEqual({ consentGiven: false });
  });
});

describe("the patient web app's medicines", () => {
  it("records a dose taken, and a dose skipped with the reason chosen", async () => {
    const medicationClientId = "9b2e3c1d-7a4f-4e7b-9c55-0d5e2f1a3b44";
    const sent: unknown[] = [];
    signInPatientAnswering({
      answers: {
        [`GET /api/v1/user/projects/${programId}/medications`]: () =>
          jsonResponse(200, {
            results: [
              tamoxifen({ clientId: medicationClientId, dosage: "20", dosageUnit: "mg", startDate: "2026-03-02" }),
            ],
          }),
        [`POST /api/v1/user/projects/${programId}/medication-events`]: answerDoses(sent),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
    const card = await screen.findByRole("region", { name: "Tamoxifen" });
    expect(within(card).getByText(t("medicationDose", { dosage: "20 mg" }))).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: t("tookDose") }));
    expect(await within(card).findByText(t("doseTaken", { name: "Tamoxifen" }))).toBeTruthy();

    await user.click(within(card).getByRole("button", { name: t("skippedDose") }));
    await user.click(within(card).getByRole("button", { name: t("saveSkip") }));
    expect(within(card).getByText(t("skipReasonNeeded"))).toBeTruthy();
    await user.click(within(card).getByRole("radio", { name: t("skipReason_SIDE_EFFECTS") }));
    await user.click(within(card).getByRole("button", { name: t("saveSkip") }));
    expect(await within(card).findByText(t("doseSkipped", { name: "Tamoxifen" }))).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({ medicationClientId, status: "LOGGED" }),
      expect.objectContaining({ medicationClientId, status: "SKIPPED", skipReason: "SIDE_EFFECTS" }),
    ]);
  });
});
