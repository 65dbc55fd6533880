import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/patient-text";
import { renderWithProviders } from "../../test-utils";
import { patientProgram, signInPatientAnswering } from "../test-support";
import { MeHomePage } from "./me-home-page";

describe("the patient web app's home", () => {
  it("shows the program, the way in to logging, the care team's numbers to tap and the disclaimer", async () => {
    signInPatientAnswering({
      programs: [
        patientProgram({
          name: "My Breast Care Diary",
          disclaimer: "This diary does not replace your appointments.",
          careTeam: [
            {
              id: "c1",
              careTeamName: "24-hour line",
              generalGuidance: "",
              hoursOfOperation: "Always",
              contactPhones: ["+44 113 206 8999"],
              contactEmails: [],
            },
          ],
          articles: [{ articleId: "a1", header: "Eating well", url: "https://example.org/eat" }],
        }),
      ],
    });
    renderWithProviders(<MeHomePage />, { route: "/me" });
    expect(await screen.findByRole("heading", { level: 2, name: "My Breast Care Diary" })).toBeTruthy();
    expect(await screen.findByText(t("hello", { name: "Freya" }))).toBeTruthy();
    expect(screen.getByRole("link", { name: new RegExp(t("howAreYou")) }).getAttribute("href")).toBe("/me/log/symptom");
    expect(screen.getByRole("link", { name: t("logTemperature") }).getAttribute("href")).toBe("/me/log/temperature");
    const careTeam = screen.getByRole("region", { name: t("careTeamTitle") });
    expect(
      within(careTeam)
        .getByRole("link", { name: t("callCareTeam", { name: "24-hour line", phone: "+44 113 206 8999" }) })
        .getAttribute("href"),
    ).toBe("tel:+441132068999");
    expect(screen.getByRole("complementary", { name: t("disclaimerTitle") }).textContent).toContain(
      "This diary does not replace your appointments.",
    );
    expect(screen.getByRole("link", { name: "Eating well" }).getAttribute("href")).toBe("https://example.org/eat");
  });

  it("tells a patient who takes part in no program yet how to join one", async () => {
    signInPatientAnswering({ programs: [] });
    renderWithProviders(<MeHomePage />, { route: "/me" });
    expect(await screen.findByText(t("noPrograms"))).toBeTruthy();
  });
});
