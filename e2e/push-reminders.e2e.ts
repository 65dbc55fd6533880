import { pushTextKeys } from "@openpro/core";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { patientWords as t } from "./patient-words";
import { newPhoneContext } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectHeading,
  expectVisible,
  signInToPatientApp,
} from "./support/journeys.js";

/**
 * Headless Chromium has no push service to subscribe at (Chrome's is Google's, out of reach here):
 * PushManager.subscribe gets a subscription as a browser makes one (an https push address, a real
 * P-256 key and auth secret), kept on the page's storage. Everything else is the product's own:
 * the permission prompt, the server's key, the stored subscription, the service worker showing the
 * push that DevTools delivers to it (ServiceWorker.deliverPushMessage). Also counts the permission
 * prompts, so the journey can show none came before the patient asked.
 */
const browserPushService = () => {
  const KEY = "journey.push-subscription";
  const w = window as unknown as { permissionAsked: number };
  w.permissionAsked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
    w.permissionAsked++;
    return ask(...args);
  };
  const b64 = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const asSubscription = (stored: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () => {
    const stored = localStorage.getItem(KEY);
    return (stored ? asSubscription(JSON.parse(stored)) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    if (!options?.applicationServerKey || !options.userVisibleOnly)
      throw new DOMException("bad options", "NotAllowedError");
    if (Notification.permission !== "granted") throw new DOMException("permission denied", "NotAllowedError");
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const stored = {
      endpoint: `https://push.example.test/send/${crypto.randomUUID()}`,
      keys: {
        p256dh: b64(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: b64(crypto.getRandomValues(new Uint8Array(16)).buffer),
      },
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return asSubscription(stored) as unknown as PushSubscription;
  };
};

/**
 * Issue 36 §3 at phone size: a patient turns on reminders from the app's settings (the browser asks
 * only then), chooses which, and the subscription is stored; a questionnaire reminder pushed to the
 * phone shows as a notification in the server's words; the patient turns reminders off again.
 */
describe("a patient takes reminders on the phone, and stops them", () => {
  const journey = useProduct();
  const { product, call, staffSignIn, patientSignIn } = journey;
  let context: BrowserContext;
  let phone: Page;
  let patient = { id: "", email: "" };
  const subscriptions = async () =>
    (await call("GET", "/api/v1/user/push/subscriptions", { token: await patientSignIn(patient.email, DEMO_PASSWORD) }))
      .body.results as { endpoint: string; kinds: string[] }[];

  beforeAll(async () => {
    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const programId = await demoProgramId(call, staff);
    patient = (await patientsWithAccounts(call, staff, programId))[2]!;
    context = await newPhoneContext(journey.browser, product.baseUrl);
    await context.grantPermissions(["notifications"], { origin: product.baseUrl });
    await context.addInitScript(browserPushService);
    phone = await context.newPage();
  });

  it("asks nothing when the app opens; Settings explains what a reminder says and offers each kind", async () => {
    await phone.goto("/me/login");
    await signInToPatientApp(phone, patient.email, DEMO_PASSWORD);
    await expectHeading(phone, t.homeTitle);
    await phone.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    await phone.getByRole("navigation", { name: t.menuLabel }).getByRole("link", { name: t.navSettings }).click();
    await expectHeading(phone, t.settingsTitle);
    const reminders = phone.getByRole("region", { name: t.pushTitle });
    await expectVisible(reminders.getByText(t.pushPrivacy));
    for (const kind of [
      t.pushKind_questionnaire_due,
      t.pushKind_questionnaire_closing,
      t.pushKind_symptom_reminder,
      t.pushKind_care_team_message,
    ])
      expect(await reminders.getByRole("checkbox", { name: kind }).isChecked()).toBe(true);
    await expectAccessible(phone, "me-settings-reminders-off");
    expect(await phone.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);
    expect(await subscriptions()).toEqual([]);
  });

  it("turns reminders on with the kinds chosen: the browser asks once and the subscription is stored", async () => {
    const reminders = phone.getByRole("region", { name: t.pushTitle });
    await reminders.getByRole("checkbox", { name: t.pushKind_questionnaire_closing }).uncheck();
    await reminders.getByRole("button", { name: t.pushTurnOn }).click();
    await expectVisible(reminders.getByText(t.pushIsOn));
    expect(await phone.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(1);
    const [stored, ...others] = await subscriptions();
    expect(others).toEqual([]);
    expect(stored!.endpoint).toMatch(/^https:\/\/push\.example\.test\/send\//);
    expect(stored!.kinds).toEqual(["questionnaire_due", "symptom_reminder", "care_team_message"]);
    await expectAccessible(phone, "me-settings-reminders-on");
    // Back later: the screen reads the choice from the server.
    await phone.reload();
    await expectVisible(phone.getByRole("region", { name: t.pushTitle }).getByText(t.pushIsOn));
    expect(
      await phone
        .getByRole("region", { name: t.pushTitle })
        .getByRole("checkbox", { name: t.pushKind_questionnaire_closing })
        .isChecked(),
    ).toBe(false);
  });

  it("shows a pushed questionnaire reminder as a notification, in the server's words and no more", async () => {
    const cdp = await context.newCDPSession(phone);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL.endsWith("/me") && !r.isDeleted)).toBeTruthy();
    const registration = registrations.find((r) => r.scopeURL.endsWith("/me") && !r.isDeleted)!;
    // The push as the server sends it for a due questionnaire (apps/server/src/modules/push: pushMessage).
    const message = {
      title: t[pushTextKeys.title],
      body: t[pushTextKeys.body.questionnaire_due],
      url: "/me",
      tag: "questionnaire_due",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: `${product.baseUrl}/`,
      registrationId: registration.registrationId,
      data: JSON.stringify(message),
    });
    const shown = () =>
      phone.evaluate(async () => {
        const worker = await navigator.serviceWorker.getRegistration("/me");
        return ((await worker?.getNotifications()) ?? []).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      });
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: "OpenPRO", body: "You have a questionnaire to answer.", tag: "questionnaire_due" }]);
    await cdp.detach();
  });

  it("turns reminders off: the server forgets the subscription, and the e-mails go on", async () => {
    const reminders = phone.getByRole("region", { name: t.pushTitle });
    await reminders.getByRole("button", { name: t.pushTurnOff }).click();
    await expectVisible(reminders.getByText(t.pushIsOff));
    expect(await subscriptions()).toEqual([]);
    await expectVisible(reminders.getByRole("button", { name: t.pushTurnOn }));
    await expectAccessible(phone, "me-settings-reminders-stopped");
  });
});
