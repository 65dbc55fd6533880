import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { jsonResponse, renderWithProviders } from "../../test-utils";
import { programId, signInPatientAnswering, tamoxifen } from "../test-support";
import { MeMedicationsPage } from "./me-medications-page";

describe("a new web-app patient adds their medicines", () => {
  it("adds a medicine with its dose and schedule, as the phone app would, and lists it", async () => {
    const list: object[] = [];
    const fetchMock = signInPatientAnswering({
      answers: {
        [`GET /api/v1/user/projects/${programId}/medications`]: () => jsonResponse(200, { results: list }),
        [`POST /api/v1/user/projects/${programId}/medications`]: (init) => {
          const { medications } = JSON.parse(String(init?.body)) as { medications: { clientId: string }[] };
          list.push(tamoxifen({ clientId: medications[0]!.clientId, startDate: "2026-11-27" }));
          return jsonResponse(200, {
            results: [{ clientId: medications[0]!.clientId, logId: "m1", status: "created" }],
          });
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
    expect(await screen.findByText(t("noMedicationsYet"))).toBeTruthy();

    await user.click(screen.getByRole("button", { name: t("addMedication") }));
    const form = screen.getByRole("form", { name: t("addMedicationTitle") });
    // Nothing is sent without a name and a schedule; each problem is on its field.
    await user.click(within(form).getByRole("button", { name: t("saveMedication") }));
    expect(within(form).getByText(t("medicationNameNeeded"))).toBeTruthy();
    expect(within(form).getByText(t("medicationScheduleNeeded"))).toBeTruthy();

    await user.type(within(form).getByRole("textbox", { name: new RegExp(t("medicationName")) }), "Tamoxifen");
    await user.type(within(form).getByRole("textbox", { name: t("medicationDosage") }), "20 mg");
    await user.click(within(form).getByRole("radio", { name: t("schedule_ONCE_DAILY") }));
    await user.click(within(form).getByRole("button", { name: t("saveMedication") }));

    expect((await screen.findByRole("status")).textContent).toContain(t("medicationAdded", { name: "Tamoxifen" }));
    const upload = fetchMock.mock.calls.find(
      ([url, init]) => url === `/api/v1/user/projects/${programId}/medications` && init?.method === "POST",
    );
    expect(JSON.parse(String(upload?.[1]?.body))).toEqual({
      medications: [
        {
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: "Tamoxifen",
          dosage: "20 mg",
          frequency: "ONCE_DAILY",
          startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ],
    });
    // The list is read again and shows the medicine, ready for "I took it".
    await vi.waitFor(() => expect(screen.getByText("Tamoxifen")).toBeTruthy());
    expect(screen.getByRole("button", { name: t("tookDose") })).toBeTruthy();
  });
});
