import type { PatientProgram } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { languageName, t } from "../../lib/patient-text";
import { renderWithProviders, type stubFetch } from "../../test-utils";
import { answerLogUpload, patientProgram, programId, signInPatientAnswering } from "../test-support";
import { MeLogTemperaturePage } from "./me-log-temperature-page";
import { MeLogWeightPage } from "./me-log-weight-page";

/** A signed-in patient of a program (`over` its settings) whose log uploads raise `alertMessages`. */
const signedInPatient = (over: Partial<PatientProgram>, alertMessages: object[] = []) =>
  signInPatientAnswering({
    programs: [patientProgram(over)],
    answers: { [`POST /api/v1/user/projects/${programId}/logs`]: answerLogUpload(alertMessages) },
  });

const sentLog = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith("/logs"))?.[1]?.body)).logs[0];

describe("logging temperature and weight in the patient web app", () => {
  it("sends a temperature in °F as typed (decimal comma accepted) and shows the program's temperature message", async () => {
    const fetchMock = signedInPatient({}, [
      {
        kind: "temperature",
        logTypeId: null,
        grade: null,
        message: "Your temperature is high. Call the 24-hour line.",
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<MeLogTemperaturePage />, { route: "/me/log/temperature" });
    await user.type(await screen.findByRole("textbox", { name: t("temperature") }), "101,3");
    const units = screen.getByRole("group", { name: t("unit") });
    await user.click(within(units).getByRole("button", { name: t("fahrenheit") }));
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Your temperature is high. Call the 24-hour line.",
    );
    expect(screen.getByRole("alert").textContent).toContain(t("alertNoPhone"));
    expect(sentLog(fetchMock)).toMatchObject({ logClass: "TEMPERATURE", value: 101.3, unit: "F" });
  });

  it("offers the care team's number and the territory's emergency numbers as tap-to-call after a high temperature", async () => {
    signedInPatient(
      {
        territory: "CH",
        careTeam: [
          {
            id: "c1",
            careTeamName: "Oncology nurses",
            contactPhones: ["+41 44 255 11 11"],
            contactEmails: [],
            hoursOfOperation: "",
            generalGuidance: "",
          },
        ],
      },
      [
        {
          kind: "temperature",
          logTypeId: null,
          grade: null,
          message: "Your temperature is high. Call us now.",
          callNumbers: [{ careTeamName: "Oncology nurses", phone: "+41 44 255 11 11" }],
          emergencyNumbers: [
            { number: "144", service: "ambulance" },
            { number: "112", service: "" },
          ],
        },
      ],
    );
    const user = userEvent.setup();
    renderWithProviders(<MeLogTemperaturePage />, { route: "/me/log/temperature" });
    await user.type(await screen.findByRole("textbox", { name: t("temperature") }), "38.6");
    await user.click(screen.getByRole("button", { name: t("save") }));
    const alert = await screen.findByRole("alert");
    const links = within(alert)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      [t("callCareTeam", { name: "Oncology nurses", phone: "+41 44 255 11 11" }), "tel:+41442551111"],
      [t("callAmbulance", { number: "144" }), "tel:144"],
      [t("callEmergency", { number: "112" }), "tel:112"],
    ]);
  });

  it("marks a message the program gave in another language than the patient's, with that language", async () => {
    signedInPatient({ territory: "CH" }, [
      {
        kind: "temperature",
        logTypeId: null,
        grade: null,
        message: "Ihre Temperatur ist zu hoch. Rufen Sie uns an.",
        messageLanguage: "de",
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<MeLogTemperaturePage />, { route: "/me/log/temperature" });
    await user.type(await screen.findByRole("textbox", { name: t("temperature") }), "38.6");
    await user.click(screen.getByRole("button", { name: t("save") }));
    const message = within(await screen.findByRole("alert")).getByText(/Ihre Temperatur ist zu hoch/);
    expect(message.getAttribute("lang")).toBe("de");
    expect(message.textContent).toContain(t("inLanguage", { language: languageName("de") }));
  });

  it("hides the note when the program takes no temperature notes, and asks for a number", async () => {
    signedInPatient({ disabledNoteTypes: ["temperature"] });
    const user = userEvent.setup();
    renderWithProviders(<MeLogTemperaturePage />, { route: "/me/log/temperature" });
    await screen.findByRole("textbox", { name: t("temperature") });
    expect(screen.queryByRole("textbox", { name: t("note") })).toBeNull();
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect(await screen.findByText(t("valueNeeded"))).toBeTruthy();
  });

  it("sends a weight in kg with a note", async () => {
    const fetchMock = signedInPatient({ disabledNoteTypes: ["temperature"] });
    const user = userEvent.setup();
    renderWithProviders(<MeLogWeightPage />, { route: "/me/log/weight" });
    await user.type(await screen.findByRole("textbox", { name: t("weight") }), "72.4");
    await user.type(screen.getByRole("textbox", { name: t("note") }), "After breakfast");
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect((await screen.findByRole("status")).textContent).toContain(t("sent"));
    expect(sentLog(fetchMock)).toMatchObject({ logClass: "WEIGHT", value: 72.4, unit: "kg", note: "After breakfast" });
  });
});
