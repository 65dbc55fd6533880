import { type Grants, messages, type Program } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ProgramSettingsForm } from "./program-settings-form";

const projectId = "44444444-4444-4444-8444-444444444444";

/** A Swiss program: German first, then French, Italian and English (issue 31 §3). */
const zurich: Program = programFixture({
  projectId,
  name: "Zurich Skin",
  territory: "CH",
  consentMessage: "Sie entscheiden.",
  consentMessageTranslations: { fr: "Vous décidez." },
});

const consentEditor: Grants = {
  permissions: ["edit_project", "view_project_consent_message", "edit_project_consent_message"],
};

const stickyBar = () => screen.queryByRole("region", { name: "Unsaved changes" });

describe("the consent message in the program's languages", () => {
  it("offers the territory's other languages, filled in, and sends a language given", async () => {
    let sent: unknown;
    stubFetch({
      [`PATCH /api/v1/admin/projects/${projectId}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...zurich, consentMessageTranslations: { fr: "Vous décidez.", it: "Lei decide." } });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramSettingsForm program={fromWire(zurich)} actor={consentEditor} />);
    expect(screen.getByText(/The message above is in German/)).toBeTruthy();
    expect((screen.getByLabelText(/Consent message in French/) as HTMLTextAreaElement).value).toBe("Vous décidez.");
    expect(screen.getByLabelText(/Consent message in English/)).toBeTruthy();
    expect(screen.queryByLabelText(/Consent message in Spanish/)).toBeNull();
    await user.type(screen.getByLabelText(/Consent message in Italian/), "Lei decide.");
    await waitFor(() => expect(stickyBar()).toBeTruthy());
    await user.click(within(stickyBar()!).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(messages.programSaved)).toBeTruthy();
    expect(sent).toEqual({ consentMessageTranslations: { fr: "Vous décidez.", it: "Lei decide.", en: "" } });
  });

  it("leaves the languages read-only without the consent permission", () => {
    renderWithProviders(
      <ProgramSettingsForm
        program={fromWire(zurich)}
        actor={{ permissions: ["edit_project", "view_project_consent_message"] }}
      />,
    );
    expect((screen.getByLabelText(/Consent message in French/) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("offers no other language in a territory of one language", () => {
    renderWithProviders(
      <ProgramSettingsForm program={fromWire({ ...zurich, territory: "UK_IRE" as const })} actor={consentEditor} />,
    );
    expect(screen.queryByLabelText(/Consent message in/)).toBeNull();
  });
});
