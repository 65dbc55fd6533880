import { messages } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeTokens } from "../../../lib/tokens";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { AlertSettingsCard } from "./alert-settings-card";

const projectId = "55555555-5555-4555-8555-555555555555";
const url = `/api/v1/admin/projects/${projectId}/alert-settings`;
const signedIn = () => storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });

/** A Swiss program's alert settings: German first, then French, Italian and English (issue 31 §3). */
const zurich = {
  escalationMinutes: 60,
  defaultLanguage: "de",
  otherLanguages: ["fr", "it", "en"],
  severeSymptomMessage: "Rufen Sie sofort an.",
  severeSymptomMessageTranslations: { fr: "Appelez tout de suite." },
  temperatureMessage: "Ihre Temperatur ist zu hoch.",
  temperatureMessageTranslations: {},
};

const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
const putBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

afterEach(() => vi.unstubAllGlobals());

describe("the program's alert settings: escalation and the alert messages in the program's languages", () => {
  it("shows the German messages and a field per other language, Save enabled only after a change, and sends the texts", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, zurich),
      [`PUT ${url}`]: (init) =>
        jsonResponse(200, {
          ...zurich,
          ...JSON.parse(String(init?.body)),
          severeSymptomMessageTranslations: { fr: "Appelez tout de suite.", it: "Chiami subito." },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AlertSettingsCard programId={projectId} editable />);
    const french = (await screen.findByLabelText("Severe-symptom message in French")) as HTMLTextAreaElement;
    expect(french.value).toBe("Appelez tout de suite.");
    expect(screen.getByText("Rufen Sie sofort an.")).toBeTruthy();
    expect(screen.getByLabelText("Temperature message in Italian")).toBeTruthy();
    expect(screen.queryByLabelText(/in German/)).toBeNull();
    expect(screen.queryByLabelText(/in Spanish/)).toBeNull();
    // Untouched: nothing to save.
    expect(saveButton().disabled).toBe(true);

    await user.type(screen.getByLabelText("Severe-symptom message in Italian"), "Chiami subito.");
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(await screen.findByText(messages.alertSettingsSaved)).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([
      {
        escalationMinutes: 60,
        severeSymptomMessageTranslations: { fr: "Appelez tout de suite.", it: "Chiami subito.", en: "" },
        temperatureMessageTranslations: { fr: "", it: "", en: "" },
      },
    ]);
    // Saved: the saved values are the new baseline.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it("shows no error before the first press, then the field's message, and sends nothing invalid", async () => {
    signedIn();
    const fetchMock = stubFetch({ [`GET ${url}`]: () => jsonResponse(200, zurich) });
    const user = userEvent.setup();
    renderWithProviders(<AlertSettingsCard programId={projectId} editable />);
    const french = await screen.findByLabelText("Severe-symptom message in French");
    await user.clear(french);
    await user.click(french);
    await user.paste("x".repeat(501));
    expect(screen.queryByText(messages.maxLength(500))).toBeNull();
    await user.click(saveButton());
    expect(await screen.findByText(messages.maxLength(500))).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([]);
  });

  it("puts the server's refusal on the language's field", async () => {
    signedIn();
    stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, zurich),
      [`PUT ${url}`]: () =>
        jsonResponse(422, {
          statusCode: 422,
          message: "Validation failed",
          errors: [{ field: "temperatureMessageTranslations.fr", message: messages.unsupportedCharacters }],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AlertSettingsCard programId={projectId} editable />);
    await user.type(await screen.findByLabelText("Temperature message in French"), "Appelez-nous.");
    await user.click(saveButton());
    expect(await screen.findByText(messages.unsupportedCharacters)).toBeTruthy();
  });

  it("is read-only without the edit permission, and sends no temperature texts without the thresholds' permission", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, zurich),
      [`PUT ${url}`]: () => jsonResponse(200, zurich),
    });
    const { unmount } = renderWithProviders(<AlertSettingsCard programId={projectId} editable={false} />);
    expect(((await screen.findByLabelText("Severe-symptom message in French")) as HTMLTextAreaElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    unmount();

    const user = userEvent.setup();
    renderWithProviders(<AlertSettingsCard programId={projectId} editable temperatureEditable={false} />);
    expect(((await screen.findByLabelText("Temperature message in French")) as HTMLTextAreaElement).disabled).toBe(
      true,
    );
    await user.type(screen.getByLabelText("Severe-symptom message in English"), "Call now.");
    await user.click(saveButton());
    expect(await screen.findByText(messages.alertSettingsSaved)).toBeTruthy();
    expect(putBodies(fetchMock)[0]).not.toHaveProperty("temperatureMessageTranslations");
  });

  it("offers no other language in a territory of one language", async () => {
    signedIn();
    stubFetch({ [`GET ${url}`]: () => jsonResponse(200, { ...zurich, defaultLanguage: "en", otherLanguages: [] }) });
    renderWithProviders(<AlertSettingsCard programId={projectId} editable />);
    expect(await screen.findByLabelText("Escalation delay (minutes)")).toBeTruthy();
    expect(screen.queryByLabelText(/message in/)).toBeNull();
  });
});
