import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { storeMeTokens } from "../session";
import { PushSettings } from "./push-settings";

const ENDPOINT = "https://push.example.test/send/abc";
const signedIn = () =>
  storeMeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" }, "p1");

/** The browser's Push API as a phone's browser offers it: no subscription until one is made. */
const phoneBrowser = () => {
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = {
        endpoint: ENDPOINT,
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } }),
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
      return subscription;
    }),
  };
  const requestPermission = vi.fn(async () => "granted" as NotificationPermission);
  vi.stubGlobal("Notification", { permission: "default", requestPermission });
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, requestPermission };
};

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("reminders on this phone (the app's settings)", () => {
  it("asks the browser's permission only when the patient turns reminders on, and stores the kinds chosen", async () => {
    signedIn();
    const { pushManager, requestPermission } = phoneBrowser();
    const fetchMock = stubFetch({
      "GET /api/v1/user/push/key": () => jsonResponse(200, { publicKey: "B".repeat(87) }),
      "PUT /api/v1/user/push/subscription": (init) =>
        jsonResponse(200, {
          endpoint: ENDPOINT,
          kinds: JSON.parse(String(init?.body)).kinds,
          createdAt: "2026-03-02T10:00:00.000Z",
          lastSuccessAt: null,
        }),
    });
    renderWithProviders(<PushSettings />);
    const section = await screen.findByRole("region", { name: t("pushTitle") });
    expect(within(section).getByText(t("pushPrivacy"))).toBeTruthy();
    await within(section).findByRole("button", { name: t("pushTurnOn") });
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(within(section).getByRole("checkbox", { name: t("pushKind_questionnaire_closing") }));
    await userEvent.click(within(section).getByRole("button", { name: t("pushTurnOn") }));
    expect(await within(section).findByText(t("pushIsOn"))).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
      kinds: ["questionnaire_due", "symptom_reminder", "care_team_message"],
    });
  });

  it("says so, and still explains what a reminder says, when the browser cannot push at all", async () => {
    signedIn();
    stubFetch({});
    renderWithProviders(<PushSettings />);
    const section = await screen.findByRole("region", { name: t("pushTitle") });
    expect(await within(section).findByText(t("pushUnsupported"))).toBeTruthy();
    expect(within(section).queryByRole("button", { name: t("pushTurnOn") })).toBeNull();
  });

  it("asks nothing of a patient who blocked notifications, and says how to allow them", async () => {
    signedIn();
    const { requestPermission } = phoneBrowser();
    vi.stubGlobal("Notification", { permission: "denied", requestPermission });
    stubFetch({});
    renderWithProviders(<PushSettings />);
    const section = await screen.findByRole("region", { name: t("pushTitle") });
    expect(await within(section).findByText(t("pushBlocked"))).toBeTruthy();
    expect(within(section).queryByRole("button", { name: t("pushTurnOn") })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
