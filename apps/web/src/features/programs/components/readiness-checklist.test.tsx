import { type ProgramReadiness, readinessTexts, territoryAlertDefaults } from "@openpro/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ReadinessChecklist } from "./readiness-checklist";

const projectId = "33333333-3333-4333-8333-333333333333";

const readiness = (missing: ProgramReadiness["missing"]): ProgramReadiness => ({
  ready: missing.length === 0,
  missing,
  territoryDefaults: territoryAlertDefaults("UK_IRE"),
  emergencyNumbers: [
    { number: "999", service: "" },
    { number: "112", service: "" },
  ],
});

describe("the readiness checklist on a program's settings", () => {
  it("lists what keeps the Lung program from its patients, each with a link to the tab that fixes it", async () => {
    stubFetch({
      [`GET /api/v1/admin/projects/${projectId}/readiness`]: () =>
        jsonResponse(
          200,
          readiness([
            {
              key: "care-team-phone",
              message: "Add a care-team contact with a phone number, so that patients know whom to call.",
              settingsPath: "general/careTeamInformation",
            },
            {
              key: "temperature-thresholds",
              message: "Set the temperature thresholds (low, high) and the message patients see.",
              settingsPath: "general/generalProgramSettings",
            },
          ]),
        ),
    });
    renderWithProviders(<ReadinessChecklist programId={projectId} />);
    expect(await screen.findByText(readinessTexts.notReady)).toBeTruthy();
    const links = screen.getAllByRole("link", { name: readinessTexts.fix });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      `/programs/${projectId}/settings/general/careTeamInformation`,
      `/programs/${projectId}/settings/general/generalProgramSettings`,
    ]);
    expect(screen.getByText(/above 37\.9 °C .*the emergency number \(999 or 112\)/)).toBeTruthy();
  });

  it("says a ready program is ready, and still shows the defaults to confirm", async () => {
    stubFetch({ [`GET /api/v1/admin/projects/${projectId}/readiness`]: () => jsonResponse(200, readiness([])) });
    renderWithProviders(<ReadinessChecklist programId={projectId} />);
    expect(await screen.findByText(readinessTexts.ready)).toBeTruthy();
    expect(screen.queryByRole("link", { name: readinessTexts.fix })).toBeNull();
    expect(screen.getByText(readinessTexts.defaultsTitle)).toBeTruthy();
  });
});
