import { type PatientLanguage, patientTextLoaders } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PatientLanguageRoot } from "../components/patient-language-root";
import { formatDate, formatUnit, showPatientLanguage } from "../lib/patient-text";
import { jsonResponse, renderWithProviders } from "../test-utils";
import { MeHomePage } from "./pages/me-home-page";
import { patientAccount, patientProgram, signInPatientAnswering } from "./test-support";

/** A consented patient of a Swiss program whose account chose `language`. */
const swissPatient = (language: PatientLanguage | null) => {
  const saved: unknown[] = [];
  const me = patientAccount({ firstName: "Lena", lastName: "Keller", email: "lena@example.ch", language });
  signInPatientAnswering({
    programs: [patientProgram({ name: "Brustzentrum Zürich", territory: "CH" })],
    // The account as it stands: a language saved is the one read next.
    account: me,
    answers: {
      "PATCH /api/v1/current": (init) => {
        const body = JSON.parse(String(init?.body)) as { language: PatientLanguage };
        saved.push(body);
        me.language = body.language;
        return jsonResponse(200, me);
      },
    },
  });
  return saved;
};

describe("the patient app in the patient's language", () => {
  afterEach(() => showPatientLanguage("en", null));

  it("opens in the language the account chose (German) and offers the Swiss languages to switch to French", async () => {
    const [de, fr] = await Promise.all([patientTextLoaders.de(), patientTextLoaders.fr()]);
    const saved = swissPatient("de");
    renderWithProviders(
      <PatientLanguageRoot>
        <MeHomePage />
      </PatientLanguageRoot>,
      { route: "/me" },
    );
    expect(await screen.findByText(de.hello.replace("{name}", "Lena"))).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: de.homeTitle })).toBeTruthy();
    expect(document.documentElement.lang).toBe("de");
    const switcher = screen.getByRole("combobox", { name: de.language });
    expect([...switcher.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Deutsch",
      "Français",
      "Italiano",
      "English",
    ]);

    await userEvent.setup().selectOptions(switcher, "fr");
    expect(await screen.findByRole("heading", { level: 1, name: fr.homeTitle })).toBeTruthy();
    expect(screen.getByText(fr.hello.replace("{name}", "Lena"))).toBeTruthy();
    // Remembered on the account: the app elsewhere and every e-mail follow it.
    expect(saved).toEqual([{ language: "fr" }]);
  });

  it("writes dates and measurements as the patient's region does", async () => {
    await showPatientLanguage("fr", "CH");
    expect(formatDate("2026-11-27")).toBe("27 nov. 2026");
    expect(formatUnit(38.2, "celsius").replace(/\s/gu, " ")).toBe("38,2 °C");
    await showPatientLanguage("de", "CH");
    expect(formatUnit(70.5, "kilogram")).toBe("70.5 kg");
    await showPatientLanguage("es", "US");
    expect(formatDate("2026-11-27")).toBe("27 nov 2026");
  });
});
