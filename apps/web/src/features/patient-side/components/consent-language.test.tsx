import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storePatientTokens } from "../../../lib/patient-session";
import { showPatientLanguage, t } from "../../../lib/patient-text";
import { forgetLoadedData } from "../../../lib/remote";
import { PublicPagesSwitch } from "../../../public-pages-app/public-pages-switch";
import { jsonResponse, stubFetch } from "../../../test-utils";

const programId = "33333333-3333-4333-8333-333333333333";
const invite = (over: Record<string, unknown>) => ({
  hasAccepted: true,
  programId,
  programName: "Zurich Skin",
  email: "celine@example.ch",
  kind: "individual",
  joined: false,
  firstName: "Céline",
  lastName: "Rochat",
  territory: "CH",
  ...over,
});

/**
 * Issue 31 §3: the consent page asks for the consent in the language shown; a program that wrote
 * none in it shows its default language's, with that language set (for screen readers) and named.
 */
describe("the consent in the patient's language", () => {
  beforeEach(async () => {
    forgetLoadedData();
    vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    storePatientTokens({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    window.localStorage.setItem("openpro.patient.language", "fr");
    await showPatientLanguage("fr", "CH");
  });
  afterEach(async () => {
    window.localStorage.removeItem("openpro.patient.language");
    await showPatientLanguage("en", null);
  });

  it("marks a consent the program wrote in German only, on a French page", async () => {
    const fetchMock = stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234?lang=fr": () =>
        jsonResponse(200, invite({ consentMessage: "Sie entscheiden.", consentMessageLanguage: "de" })),
    });
    window.history.replaceState(null, "", `/auth-consent/CODE1234?programId=${programId}`);
    render(<PublicPagesSwitch />);
    const message = await screen.findByText("Sie entscheiden.", undefined, { timeout: 5000 });
    expect(message.closest("section")?.getAttribute("lang")).toBe("de");
    expect(screen.getByText("(en allemand)")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/v1/auth/users-invite/CODE1234?lang=fr");
  });

  it("shows no mark when the consent is in the language shown", async () => {
    stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234?lang=fr": () =>
        jsonResponse(200, invite({ consentMessage: "Vous décidez.", consentMessageLanguage: "fr" })),
    });
    window.history.replaceState(null, "", `/auth-consent/CODE1234?programId=${programId}`);
    render(<PublicPagesSwitch />);
    expect(await screen.findByText("Vous décidez.", undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: t("consentTitle") })).toBeTruthy();
    expect(screen.queryByText(/^\(en /)).toBeNull();
  });
});
