import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/patient-text";
import { renderWithProviders, type stubFetch } from "../../test-utils";
import { answerLogUpload, programId, signInPatientAnswering } from "../test-support";
import { MeLogActivityPage } from "./me-log-activity-page";
import { MeLogFeelingPage } from "./me-log-feeling-page";

/** A signed-in patient of a program whose log uploads are each created. */
const loggingPatient = () =>
  signInPatientAnswering({ answers: { [`POST /api/v1/user/projects/${programId}/logs`]: answerLogUpload() } });

const sentLog = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith("/logs"))?.[1]?.body)).logs[0];

describe("logging activity and feeling in the patient web app", () => {
  it("asks how the patient feels, one of five, and sends the choice as 1 to 5 with a client id and the time", async () => {
    const fetchMock = loggingPatient();
    const user = userEvent.setup();
    renderWithProviders(<MeLogFeelingPage />, { route: "/me/log/feeling" });
    await screen.findByRole("radiogroup", { name: t("feelingQuestion") });
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect(screen.getByText(t("feelingNeeded"))).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: t("feeling4") }));
    expect((screen.getByRole("radio", { name: t("feeling4") }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect((await screen.findByRole("status")).textContent).toContain(t("sent"));
    expect(sentLog(fetchMock)).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      logClass: "FEELING",
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
      value: 4,
    });
  });

  it("sends the minutes of the activity chosen, as the patient typed them", async () => {
    const fetchMock = loggingPatient();
    const user = userEvent.setup();
    renderWithProviders(<MeLogActivityPage />, { route: "/me/log/activity" });
    await screen.findByRole("radiogroup", { name: t("activityKind") });
    await user.click(screen.getByRole("radio", { name: t("activityWalking") }));
    await user.type(screen.getByRole("textbox", { name: new RegExp(t("minutes").replace(/[?()]/g, "\\$&")) }), "25");
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect((await screen.findByRole("status")).textContent).toContain(t("sent"));
    expect(sentLog(fetchMock)).toMatchObject({
      logClass: "ACTIVITY",
      activityType: "Walking",
      source: "MANUAL",
      durationMinutes: 25,
    });
  });
});
