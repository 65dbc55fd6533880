import { z } from "zod";
import { pushKinds } from "../rules/push.js";
import { uuidField } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";

/**
 * Reminders on the patient's phone (Web Push, issue 36 §3): the patient app asks for the server's
 * VAPID public key, subscribes its browser through the Push API and stores the subscription here
 * with the kinds of reminder the patient chose; stopping removes it. Patient accounts only.
 */

/** What the app sends back from PushSubscription.toJSON(), the patient's choice of kinds beside it. */
const pushEndpointUrl = z
  .string({ error: "The browser's push address is missing." })
  .max(2048, "The browser's push address is too long.")
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", {
    error: "The browser's push address must be an https address.",
  });

export const pushSubscriptionBody = z.strictObject({
  endpoint: pushEndpointUrl,
  keys: z.strictObject({
    p256dh: z
      .string({ error: "The browser's push keys are missing." })
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "The browser's push keys are not valid."),
    auth: z
      .string({ error: "The browser's push keys are missing." })
      .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, "The browser's push keys are not valid."),
  }),
  kinds: z
    .array(z.enum(pushKinds, { error: "Choose the reminders from the list." }))
    .min(1, "Choose at least one kind of reminder, or turn reminders off.")
    .max(pushKinds.length),
});

export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  kinds: z.array(z.enum(pushKinds)),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

const clockTime = (field: string) =>
  z
    .string({ error: `Enter when the quiet hours ${field} as hh:mm, for example 21:00.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter when the quiet hours ${field} as hh:mm, for example 21:00.`);

/** A program's quiet hours in the clinic's time zone: no reminder between start and end (alert-related excepted). */
export const pushSettingsSchema = z.object({ quietStart: z.string(), quietEnd: z.string() });
export const pushSettingsBody = z.strictObject({ quietStart: clockTime("start"), quietEnd: clockTime("end") });

export const pushApi = {
  key: endpoint({
    method: "GET",
    path: "/api/v1/user/push/key",
    summary:
      "The server's VAPID public key (applicationServerKey of PushManager.subscribe); null when this server sends no push.",
    tags: ["patient app"],
    auth: true,
    response: z.object({ publicKey: z.string().nullable() }),
  }),
  subscriptions: endpoint({
    method: "GET",
    path: "/api/v1/user/push/subscriptions",
    summary: "The signed-in patient's push subscriptions (one per browser that opted in) and the kinds each takes.",
    tags: ["patient app"],
    auth: true,
    response: z.object({ results: z.array(pushSubscriptionSchema) }),
  }),
  subscribe: endpoint({
    method: "PUT",
    path: "/api/v1/user/push/subscription",
    summary:
      "Store this browser's push subscription for the signed-in patient with the kinds chosen (again: the kinds change).",
    tags: ["patient app"],
    auth: true,
    body: pushSubscriptionBody,
    response: pushSubscriptionSchema,
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/v1/user/push/unsubscribe",
    summary: "Remove this browser's push subscription: no more reminders on it (e-mail goes on as before).",
    tags: ["patient app"],
    auth: true,
    body: z.strictObject({ endpoint: pushEndpointUrl }),
    response: emptyResponse,
    status: 204,
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/push-settings",
    summary:
      "The program's quiet hours (clinic's time zone): reminders pushed then wait until they end; default 21:00 to 08:00.",
    tags: ["push"],
    auth: true,
    params: z.strictObject({ projectId: uuidField() }),
    response: pushSettingsSchema,
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/api/v1/admin/projects/:projectId/push-settings",
    summary: "Set the program's quiet hours (a start equal to the end: none). A message about an alert is never held.",
    tags: ["push"],
    auth: true,
    params: z.strictObject({ projectId: uuidField() }),
    body: pushSettingsBody,
    response: pushSettingsSchema,
  }),
} as const;
