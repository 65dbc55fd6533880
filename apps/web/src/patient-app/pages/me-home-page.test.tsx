import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/patient-text";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { storeMeTokens } from "../session";
import { MeHomePage } from "./me-home-page";

const me = {
  id: "p1",
  firstName: "Freya",
  lastName: "Hill",
  displayName: null,
  email: "freya@example.org",
  userRole: null,
  scope: "patient",
  permissions: [],
  passwordExpireDate: null,
  otpRequired: false,
  instructionsAcknowledged: true,
  language: null,
};
const signedIn = () =>
  storeMeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" }, "p1");

describe("the patient web app's home", () => {
  it("shows the program, the way in to logging, the care team's numbers to tap and the disclaimer", async () => {
    signedIn();
    stubFetch({
      "GET /api/v1/current": () => jsonResponse(200, me),
      "GET /api/v1/user/projects": () =>
        jsonResponse(200, {
          results: [
            {
              programId: "33333333-3333-4333-8333-333333333333",
              name: "My Breast Care Diary",
              disclaimer: "This diary does not replace your appointments.",
              disabledNoteTypes: [],
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
              prioritisedSymptoms: [],
              territory: "UK_IRE",
            },
          ],
        }),
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
    signedIn();
    stubFetch({
      "GET /api/v1/current": () => jsonResponse(200, me),
      "GET /api/v1/user/projects": () => jsonResponse(200, { results: [] }),
    });
    renderWithProviders(<MeHomePage />, { route: "/me" });
    expect(await screen.findByText(t("noPrograms"))).toBeTruthy();
  });
});
