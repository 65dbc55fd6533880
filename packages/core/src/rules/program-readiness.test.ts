import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { programReadiness } from "../api/program-readiness.js";
import { ctcaeCatalogue } from "../catalogue/ctcae.js";
import { temperatureOutOfRange } from "./alerts.js";
import {
  alertCallLine,
  careTeamCallNumbers,
  effectiveTemperatureSettings,
  emergencyNumbers,
  isOpenProAlertText,
  programNotReadyMessage,
  type ReadinessInput,
  readinessKeys,
  territoryAlertDefaults,
  withCallLine,
} from "./program-readiness.js";
import { territories } from "./programs.js";

/** A program with everything a patient needs. */
const readyProgram = (): ReadinessInput => ({
  careTeam: [{ contactPhones: ["020 7946 0000"] }],
  temperatureMin: 35,
  temperatureMax: 37.9,
  temperatureMessage: "Call us.",
  defaultAlertMessage: "Call us now.",
  alertMessagePairs: [],
  escalationMinutes: 60,
  escalationRecipients: 1,
});

/** The program of issue 30's Lung scenario: nothing set but a message for one symptom. */
const lungAsFound = (): ReadinessInput => ({
  careTeam: [],
  temperatureMin: null,
  temperatureMax: null,
  temperatureMessage: null,
  defaultAlertMessage: null,
  alertMessagePairs: [{ logTypeId: "10013963", grade: 3 }],
  escalationMinutes: null,
  escalationRecipients: 0,
});

describe("program readiness", () => {
  it("a program with a care-team phone, thresholds, a default alert message and escalation is ready", () => {
    expect(programReadiness(readyProgram())).toEqual([]);
  });

  it("the Lung program as found misses every item, each with its message and settings tab", () => {
    const missing = programReadiness(lungAsFound());
    expect(missing.map((m) => m.key)).toEqual([
      "care-team-phone",
      "temperature-thresholds",
      "alert-messages",
      "escalation",
    ]);
    expect(missing.find((m) => m.key === "care-team-phone")).toMatchObject({
      message: expect.stringContaining("phone number"),
      settingsPath: "general/careTeamInformation",
    });
    expect(programNotReadyMessage(missing)).toContain("Set the temperature thresholds");
  });

  it("a contact with e-mail only, or a blank phone, is not a number to call", () => {
    const keys = (careTeam: ReadinessInput["careTeam"]) =>
      programReadiness({ ...readyProgram(), careTeam }).map((m) => m.key);
    expect(keys([{ contactPhones: [] }])).toEqual(["care-team-phone"]);
    expect(keys([{ contactPhones: ["  "] }])).toEqual(["care-team-phone"]);
    expect(keys([{ contactPhones: [] }, { contactPhones: ["+41 44 000 00 00"] }])).toEqual([]);
  });

  it("each threshold and the temperature message are needed", () => {
    for (const gap of [{ temperatureMin: null }, { temperatureMax: null }, { temperatureMessage: " " }]) {
      expect(programReadiness({ ...readyProgram(), ...gap }).map((m) => m.key)).toEqual(["temperature-thresholds"]);
    }
  });

  it("without a default message, every severe grade of every catalogue symptom needs its own message", () => {
    const everyPair = ctcaeCatalogue.flatMap((s) => [3, 4].map((grade) => ({ logTypeId: s.logTypeId, grade })));
    const without = { ...readyProgram(), defaultAlertMessage: null };
    expect(programReadiness({ ...without, alertMessagePairs: everyPair })).toEqual([]);
    expect(programReadiness({ ...without, alertMessagePairs: everyPair.slice(1) }).map((m) => m.key)).toEqual([
      "alert-messages",
    ]);
  });

  it("escalation needs a delay and someone to tell", () => {
    expect(programReadiness({ ...readyProgram(), escalationMinutes: null }).map((m) => m.key)).toEqual(["escalation"]);
    expect(programReadiness({ ...readyProgram(), escalationRecipients: 0 }).map((m) => m.key)).toEqual(["escalation"]);
  });

  it("readiness lists exactly the items whose setting is missing, in a stable order (property)", () => {
    fc.assert(
      fc.property(
        fc.record({ phone: fc.boolean(), thresholds: fc.boolean(), message: fc.boolean(), escalation: fc.boolean() }),
        (has) => {
          const input: ReadinessInput = {
            ...readyProgram(),
            careTeam: has.phone ? [{ contactPhones: ["999 000"] }] : [],
            temperatureMax: has.thresholds ? 38 : null,
            defaultAlertMessage: has.message ? "Call." : null,
            escalationRecipients: has.escalation ? 2 : 0,
          };
          const expected = readinessKeys.filter((_, i) => ![has.phone, has.thresholds, has.message, has.escalation][i]);
          expect(programReadiness(input).map((m) => m.key)).toEqual(expected);
        },
      ),
    );
  });
});

describe("territory defaults", () => {
  it("a temperature of 38.0 °C or more, or below 35.0 °C, is out of the default range in every territory", () => {
    for (const territory of territories) {
      const d = territoryAlertDefaults(territory);
      expect(temperatureOutOfRange(38.0, d.temperatureMin, d.temperatureMax)).toBe(true);
      expect(temperatureOutOfRange(38.6, d.temperatureMin, d.temperatureMax)).toBe(true);
      expect(temperatureOutOfRange(37.9, d.temperatureMin, d.temperatureMax)).toBe(false);
      expect(temperatureOutOfRange(35.0, d.temperatureMin, d.temperatureMax)).toBe(false);
      expect(temperatureOutOfRange(34.9, d.temperatureMin, d.temperatureMax)).toBe(true);
    }
  });

  it("a program's own threshold wins; a missing one is the territory's", () => {
    expect(
      effectiveTemperatureSettings({
        territory: "US",
        temperatureMin: null,
        temperatureMax: 38.3,
        temperatureMessage: "",
      }),
    ).toEqual({
      temperatureMin: 35,
      temperatureMax: 38.3,
      temperatureMessage: territoryAlertDefaults("US").temperatureMessage,
    });
  });

  it("a new program's default alert messages are in its default language, the one its settings say they are in", () => {
    expect(territoryAlertDefaults("CH").defaultAlertMessage).toMatch(/^Sie haben uns ein schweres Symptom/);
    expect(territoryAlertDefaults("CH").temperatureMessage).toMatch(/Temperatur/);
    expect(territoryAlertDefaults("UK_IRE").defaultAlertMessage).toMatch(/^You have told us about a severe symptom/);
    expect(territoryAlertDefaults("US").temperatureMessage).toMatch(/^Your temperature is outside the safe range/);
  });

  it("recognises OpenPRO's own alert text in any language (a patient then reads our translation), and no staff text", () => {
    for (const territory of territories) {
      const d = territoryAlertDefaults(territory);
      expect(isOpenProAlertText(d.defaultAlertMessage, "defaultSymptomAlertMessage")).toBe(true);
      expect(isOpenProAlertText(d.temperatureMessage, "defaultTemperatureAlertMessage")).toBe(true);
      // The two texts are not each other's.
      expect(isOpenProAlertText(d.temperatureMessage, "defaultSymptomAlertMessage")).toBe(false);
    }
    expect(isOpenProAlertText("Rufen Sie Station 4 an.", "defaultSymptomAlertMessage")).toBe(false);
    expect(
      isOpenProAlertText(`${territoryAlertDefaults("CH").defaultAlertMessage} `, "defaultSymptomAlertMessage"),
    ).toBe(false);
  });

  it("the emergency numbers: UK/Ireland 999 or 112, Switzerland 144 (ambulance) or 112, US 911", () => {
    expect(emergencyNumbers.UK_IRE.map((e) => e.number)).toEqual(["999", "112"]);
    expect(emergencyNumbers.CH.map((e) => e.number)).toEqual(["144", "112"]);
    expect(emergencyNumbers.US.map((e) => e.number)).toEqual(["911"]);
  });
});

describe("the call line after an alert message", () => {
  const team = careTeamCallNumbers([
    { careTeamName: "Lung nurses", contactPhones: ["", "020 7946 0000", "020 7946 0001"] },
    { careTeamName: "Out of hours", contactPhones: [] },
  ]);

  it("names the first phone of each contact that has one and the territory's emergency numbers", () => {
    expect(team).toEqual([{ careTeamName: "Lung nurses", phone: "020 7946 0000" }]);
    expect(alertCallLine("UK_IRE", team)).toBe("Call Lung nurses on 020 7946 0000. In an emergency call 999 or 112.");
    expect(alertCallLine("CH", [])).toBe("Call your care team now. In an emergency call 144 (ambulance) or 112.");
  });

  it("every message ends with it, added once", () => {
    const once = withCallLine("Breathless? Sit upright.", "US", team);
    expect(once.endsWith("In an emergency call 911.")).toBe(true);
    expect(withCallLine(once, "US", team)).toBe(once);
  });

  it("is written in the message's language, every contact and emergency number kept", () => {
    const two = [...team, { careTeamName: "Pflege Onkologie", phone: "044 255 11 11" }];
    expect(alertCallLine("CH", two, "de")).toBe(
      "Rufen Sie Lung nurses unter 020 7946 0000 oder Pflege Onkologie unter 044 255 11 11 an. Im Notfall rufen Sie 144 (Sanitätsnotruf) oder 112 an.",
    );
    expect(alertCallLine("CH", [], "fr")).toBe(
      "Appelez votre équipe soignante maintenant. En cas d’urgence, appelez le 144 (urgences sanitaires) ou 112.",
    );
    expect(alertCallLine("CH", [], "it")).toBe(
      "Chiami ora la Sua équipe di cura. In caso di emergenza chiami il 144 (ambulanza) o 112.",
    );
    expect(withCallLine("Llame ahora.", "US", team, "es")).toBe(
      "Llame ahora.\n\nLlame a Lung nurses al 020 7946 0000. En caso de emergencia, llame al 911.",
    );
    // English as before: two contacts joined by ", or ".
    expect(alertCallLine("UK_IRE", two)).toBe(
      "Call Lung nurses on 020 7946 0000, or Pflege Onkologie on 044 255 11 11. In an emergency call 999 or 112.",
    );
  });
});
