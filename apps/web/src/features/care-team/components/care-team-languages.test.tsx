import type { CareTeamContact, Program } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { CareTeamContacts } from "./care-team-contacts";

const projectId = "55555555-5555-4555-8555-555555555555";
/** A Swiss program: its staff write in German, and may give each contact's guidance in French, Italian and English. */
const zurich = { projectId, territory: "CH", inviteMode: "individual", closed: false } as Program;
const base = `/api/v1/admin/projects/${projectId}/care-team-contacts`;
const dermatology: CareTeamContact = {
  id: "00000000-0000-4000-8000-000000000001",
  careTeamName: "Dermatologie",
  generalGuidance: "Rufen Sie bei Fieber sofort an.",
  generalGuidanceTranslations: { fr: "Appelez tout de suite en cas de fièvre." },
  hoursOfOperation: "",
  contactPhones: ["+41442551111"],
  contactEmails: [],
};

describe("the care team's guidance in the program's languages (issue 31 §3)", () => {
  it("shows the guidance in each of the territory's other languages and saves one given", async () => {
    let sent: Record<string, unknown> | undefined;
    stubFetch({
      [`GET ${base}`]: () => jsonResponse(200, [dermatology]),
      [`PATCH ${base}/${dermatology.id}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...dermatology, generalGuidanceTranslations: sent?.generalGuidanceTranslations });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(zurich)} />);
    const card = await screen.findByRole("form", { name: "Dermatologie" });
    expect((within(card).getByLabelText("General guidance in French") as HTMLTextAreaElement).value).toBe(
      "Appelez tout de suite en cas de fièvre.",
    );
    expect(within(card).getByLabelText("General guidance in French").closest("[lang]")?.getAttribute("lang")).toBe(
      "fr",
    );
    expect(within(card).queryByLabelText("General guidance in Spanish")).toBeNull();
    await user.type(within(card).getByLabelText("General guidance in Italian"), "Chiami subito in caso di febbre.");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.generalGuidanceTranslations).toEqual({
      fr: "Appelez tout de suite en cas de fièvre.",
      it: "Chiami subito in caso di febbre.",
      en: "",
    });
  });
});
