import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { jsonResponse, renderWithProviders } from "../../test-utils";
import { answerDoses, programId, signInPatientAnswering, tamoxifen } from "../test-support";
import { MeMedicationsPage } from "./me-medications-page";

describe("I took it", () => {
  it("records one dose when tapped twice: one request, one client id, the button waiting", async () => {
    const sent: { clientId: string }[] = [];
    let answer: (() => void) | undefined;
    signInPatientAnswering({
      answers: {
        [`GET /api/v1/user/projects/${programId}/medications`]: () => jsonResponse(200, { results: [tamoxifen()] }),
        // The answer waits: the second tap comes while the first is still being sent.
        [`POST /api/v1/user/projects/${programId}/medication-events`]: (init) => {
          const created = answerDoses(sent)(init);
          return new Promise<Response>((resolve) => {
            answer = () => resolve(created);
          });
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
    // The first render loads the language catalogue and the list: a loaded machine takes its time.
    const took = await screen.findByRole("button", { name: t("tookDose") }, { timeout: 10_000 });
    await user.dblClick(took);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((took as HTMLButtonElement).disabled).toBe(true);
    answer?.();
    expect(await screen.findByText(t("doseTaken", { name: "Tamoxifen" }))).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe("with a choice of the time taken and an undo", () => {
    const doseId = "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const dosesUrl = `/api/v1/user/projects/${programId}/medication-events`;
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    /** Tamoxifen on the list; doses recorded (with their times) and undos answered as given. */
    const serve = (undoAnswer: () => Response) => {
      const sent: { clientId: string; date: string }[] = [];
      const undone: string[] = [];
      signInPatientAnswering({
        answers: {
          [`GET /api/v1/user/projects/${programId}/medications`]: () => jsonResponse(200, { results: [tamoxifen()] }),
          [`POST ${dosesUrl}`]: answerDoses(sent),
          [`DELETE ${dosesUrl}/${doseId}`]: () => {
            undone.push(doseId);
            return undoAnswer();
          },
        },
      });
      // Only Date is faked (10:00 on 27 November, where the test runs); timers run as usual.
      vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
      vi.setSystemTime(new Date(2026, 10, 27, 10, 0));
      vi.spyOn(crypto, "randomUUID").mockReturnValue(doseId);
      return { sent, undone };
    };

    it("records a dose taken earlier today at the time chosen, and takes it back with Undo", async () => {
      const { sent, undone } = serve(() => new Response(null, { status: 204 }));
      const user = userEvent.setup();
      renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
      const time = await screen.findByLabelText(t("doseTimeTaken"));
      expect((time as HTMLInputElement).value).toBe("10:00");
      await user.clear(time);
      await user.type(time, "07:30");
      await user.click(screen.getByRole("button", { name: t("tookDose") }));
      expect(await screen.findByText(t("doseTaken", { name: "Tamoxifen" }))).toBeTruthy();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.date).toMatch(/^2026-11-27T07:30:00[+-]\d{2}:\d{2}$/);

      await user.click(screen.getByRole("button", { name: t("undoDoseOf", { name: "Tamoxifen" }) }));
      expect(await screen.findByText(t("doseUndone", { name: "Tamoxifen" }))).toBeTruthy();
      expect(undone).toEqual([doseId]);
      expect(screen.queryByRole("button", { name: t("undoDoseOf", { name: "Tamoxifen" }) })).toBeNull();
    });

    it("refuses a time later than now, and says so when the undo comes too late", async () => {
      const { sent } = serve(() => jsonResponse(409, { statusCode: 409, message: "too late" }));
      const user = userEvent.setup();
      renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
      const time = await screen.findByLabelText(t("doseTimeTaken"));
      await user.clear(time);
      await user.type(time, "11:15");
      await user.click(screen.getByRole("button", { name: t("tookDose") }));
      expect(await screen.findByText(t("doseTimeFuture"))).toBeTruthy();
      expect(sent).toEqual([]);

      await user.clear(time);
      await user.type(time, "09:45");
      await user.click(screen.getByRole("button", { name: t("tookDose") }));
      await user.click(await screen.findByRole("button", { name: t("undoDoseOf", { name: "Tamoxifen" }) }));
      expect((await screen.findByRole("alert")).textContent).toBe(t("doseUndoTooLate"));
    });
  });
});
