import { type PushKind, pushApi } from "@openpro/core";
import { meCall } from "./session";

/**
 * Reminders on this phone (Web Push, issue 36 §3): the browser's push subscription, made through the
 * patient app's service worker (/me-sw.js) with the server's VAPID key, and stored on the server with
 * the kinds the patient chose. Nothing here runs before the patient asks for it.
 */

export type PushAvailability = "available" | "unsupported" | "blocked";

export class PushBlockedError extends Error {}
export class PushUnsupportedError extends Error {}

/** Whether this browser can take push reminders at all, and whether the patient blocked them. */
export const pushAvailability = (): PushAvailability => {
  if (
    typeof window === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  )
    return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "available";
};

/** The service worker of /me (none in the development server, or before it installed). */
const appRegistration = async (): Promise<ServiceWorkerRegistration> => {
  const registration = await navigator.serviceWorker.getRegistration("/me");
  if (!registration) throw new PushUnsupportedError("no service worker");
  return registration;
};

/** PushManager.subscribe takes the key as bytes; the server gives it base64url. */
const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

const store = async (subscription: PushSubscription, kinds: PushKind[]) => {
  const json = subscription.toJSON();
  return meCall(pushApi.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      kinds,
    },
  });
};

/** The kinds this browser's subscription takes on the server; null: reminders are off here. */
export const readPushKinds = async (): Promise<PushKind[] | null> => {
  if (pushAvailability() === "unsupported") return null;
  const registration = await navigator.serviceWorker.getRegistration("/me");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const { results } = await meCall(pushApi.subscriptions);
  // Gone on the server (the push service said it expired): off, until the patient turns it on again.
  return results.find((s) => s.endpoint === subscription.endpoint)?.kinds ?? null;
};

/** Asks the browser's permission (the patient tapped "Turn on"), subscribes and stores the choice. */
export const turnOnPush = async (kinds: PushKind[]): Promise<PushKind[]> => {
  if (pushAvailability() === "unsupported") throw new PushUnsupportedError("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushBlockedError(permission);
  const { publicKey } = await meCall(pushApi.key);
  if (!publicKey) throw new PushUnsupportedError("the server sends no push");
  const registration = await appRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return (await store(subscription, kinds)).kinds;
};

/** The patient changed which reminders they want. */
export const savePushKinds = async (kinds: PushKind[]): Promise<PushKind[]> => {
  const subscription = await (await appRegistration()).pushManager.getSubscription();
  if (!subscription) return turnOnPush(kinds);
  return (await store(subscription, kinds)).kinds;
};

/** Off on this phone: the server forgets the subscription, then the browser drops it. */
export const turnOffPush = async (): Promise<void> => {
  const registration = await navigator.serviceWorker.getRegistration("/me");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await meCall(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
};
