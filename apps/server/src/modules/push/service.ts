import type { Agent } from "node:https";
import {
  defaultQuietHours,
  isAlertRelatedPush,
  type PushKind,
  type PushSubscriptionInfo,
  patientTextLoaders,
  pushSendAt,
  pushTargets,
  pushTextKeys,
  quietHoursLabel,
  type Territory,
  territoryTimeZones,
} from "@openpro/core";
import webpush from "web-push";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import type { PushFallbackMail } from "../../db/schema.js";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import { insertJobs } from "../../platform/jobs/queries.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { patientMailLanguage } from "../../platform/mail/patient-mail-text.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

export const PUSH_SEND_JOB = "push.send";
const PUSH_MAX_ATTEMPTS = 4;
/** A reminder older than a day is no use: the push service may drop it after that. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** The VAPID pair and contact (RFC 8292) this server signs its pushes with. */
export interface PushKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push services may contact about this server. */
  subject: string;
}

interface PushSetup {
  keys: PushKeys | null;
  /** The HTTPS agent of the requests to the push services (a test points it at its own endpoint). */
  agent?: Agent;
}

const setups = new WeakMap<AppContext, PushSetup>();

export const generatePushKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/**
 * How this server pushes: main.ts gives the configured pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY),
 * one generated for a demo or development server, or null (production without keys: no push, the
 * e-mails go on). An app never configured (the tests) signs with a pair made for it on first use.
 */
export const configurePush = (ctx: AppContext, keys: PushKeys | null, options: { agent?: Agent } = {}) => {
  setups.set(ctx, { keys, ...(options.agent ? { agent: options.agent } : {}) });
};

const setupOf = (ctx: AppContext): PushSetup => {
  let setup = setups.get(ctx);
  if (!setup) {
    setup = { keys: { ...generatePushKeys(), subject: `mailto:${ctx.settings.supportEmail}` } };
    setups.set(ctx, setup);
  }
  return setup;
};

// ---------------------------------------------------------------------------------------------
// The patient's endpoints (patient accounts only: defineRoute refuses staff)

const toInfo = (row: q.SubscriptionRow): PushSubscriptionInfo => ({
  endpoint: row.endpoint,
  kinds: row.kinds as PushKind[],
  createdAt: new Date(row.createdAt).toISOString(),
  lastSuccessAt: row.lastSuccessAt ? new Date(row.lastSuccessAt).toISOString() : null,
});

export const getPushKey = async (scope: RequestScope) => ({ publicKey: setupOf(scope.ctx).keys?.publicKey ?? null });

export const listSubscriptions = async (scope: RequestScope) => ({
  results: (await q.findSubscriptions(scope.ctx.db, scope.actor.userId)).map(toInfo),
});

export const saveSubscription = (
  scope: RequestScope,
  body: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: PushKind[] },
) =>
  scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.upsertSubscription(trx, {
      userId: scope.actor.userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      // In the catalogue's order, each once.
      kinds: [...new Set(body.kinds)],
      now: scope.ctx.clock.now(),
    });
    await scope.audit(
      {
        action: "push.subscribe",
        entityType: "push-subscription",
        entityId: row.id,
        patientId: scope.actor.userId,
        details: { kinds: row.kinds },
      },
      trx,
    );
    return toInfo(row);
  });

/** Idempotent: an endpoint already gone (or never this patient's) is no error. */
export const removeSubscription = (scope: RequestScope, endpoint: string) =>
  scope.ctx.db.transaction().execute(async (trx) => {
    const id = await q.deleteSubscription(trx, scope.actor.userId, endpoint);
    if (id)
      await scope.audit(
        { action: "push.unsubscribe", entityType: "push-subscription", entityId: id, patientId: scope.actor.userId },
        trx,
      );
  });

// ---------------------------------------------------------------------------------------------
// Telling a patient: push when they opted in, else the caller's e-mail

/** Something a patient is told about: one push at most per patient and event key. */
export interface PatientEvent {
  userId: string;
  programId: string;
  kind: PushKind;
  /** Names the event (e.g. a questionnaire sent, an alert taken): the same event is pushed once. */
  eventKey: string;
  /** The e-mail the patient gets when no subscription takes the push; null: none (they stopped e-mails). */
  fallbackMail: PushFallbackMail | null;
}

/**
 * In the caller's transaction: the events whose patient has a subscription taking their kind
 * become push deliveries, each sent by a durable job (within the program's quiet hours; by e-mail
 * if the push service no longer knows the subscription). Returns the other events, which the
 * caller e-mails as before: e-mail stays the way to reach a patient without push.
 */
export const pushOrPass = async (db: Db, clock: Clock, events: readonly PatientEvent[]): Promise<PatientEvent[]> => {
  if (events.length === 0) return [];
  const takers = await q.findTakers(
    db,
    events.map((e) => e.userId),
  );
  const taken = events.filter((e) => takers.has(`${e.userId}|${e.kind}`));
  const now = clock.now();
  const ids = await q.insertDeliveries(db, taken, now);
  await insertJobs(
    db,
    ids.map((deliveryId) => ({
      name: PUSH_SEND_JOB,
      payload: { deliveryId },
      runAt: now,
      maxAttempts: PUSH_MAX_ATTEMPTS,
    })),
  );
  return events.filter((e) => !takers.has(`${e.userId}|${e.kind}`));
};

/** What a notification says: the app's name and a sentence of the kind, in the patient's language; no health data. */
export const pushMessage = async (kind: PushKind, language: string | null, territory: Territory) => {
  const catalogue = await patientTextLoaders[patientMailLanguage(language, territory)]();
  return {
    title: catalogue[pushTextKeys.title],
    body: catalogue[pushTextKeys.body[kind]],
    url: pushTargets[kind],
    tag: kind,
  };
};

const isGone = (error: unknown) =>
  error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/** A failure's words without the subscription's address (a capability) or the service's body. */
const failureOf = (error: unknown) =>
  error instanceof webpush.WebPushError
    ? new Error(`push service answered ${error.statusCode}`)
    : new Error(`push failed: ${error instanceof Error ? error.name : "unknown error"}`);

/**
 * One delivery (the job push.send): held until the program's quiet hours end, then pushed to each
 * subscription of the patient that takes its kind. A 404/410 removes the subscription; when none
 * took it the patient gets the e-mail instead. A push service that fails otherwise is tried again
 * (the job's back-off), the last attempt falling back to the e-mail.
 */
export const sendDelivery = async (ctx: AppContext, deliveryId: string, attempt: number): Promise<void> => {
  const delivery = await q.findDelivery(ctx.db, deliveryId);
  if (!delivery || delivery.doneAt) return;
  const kind = delivery.kind as PushKind;
  const territory = delivery.territory as Territory;
  const now = ctx.clock.now();
  const quiet =
    delivery.quietStartMinute !== null && delivery.quietEndMinute !== null
      ? { startMinute: delivery.quietStartMinute, endMinute: delivery.quietEndMinute }
      : defaultQuietHours;
  const sendAt = pushSendAt(now, kind, quiet, territoryTimeZones[territory]);
  if (sendAt.getTime() > now.getTime()) {
    await enqueueJob(
      ctx.db,
      ctx.clock,
      PUSH_SEND_JOB,
      { deliveryId },
      {
        runAt: sendAt,
        maxAttempts: PUSH_MAX_ATTEMPTS,
        singletonKey: `${PUSH_SEND_JOB}:${deliveryId}:${sendAt.getTime()}`,
      },
    );
    return;
  }

  const setup = setupOf(ctx);
  const subscriptions = setup.keys ? await q.findSubscriptionsTaking(ctx.db, delivery.userId, kind) : [];
  const payload = JSON.stringify(await pushMessage(kind, delivery.language, territory));
  let pushed = false;
  let failure: unknown = null;
  for (const subscription of subscriptions) {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: setup.keys!,
          TTL: PUSH_TTL_SECONDS,
          urgency: isAlertRelatedPush(kind) ? "high" : "normal",
          // A newer reminder of the same kind replaces one the phone has not shown yet.
          topic: kind.replaceAll("_", "-"),
          timeout: 10_000,
          ...(setup.agent ? { agent: setup.agent } : {}),
        },
      );
      await q.markSubscriptionSuccess(ctx.db, subscription.id, now);
      pushed = true;
    } catch (error) {
      if (isGone(error)) await q.deleteSubscriptionById(ctx.db, subscription.id);
      else failure = error;
    }
  }
  if (pushed) {
    await q.finishDelivery(ctx.db, deliveryId, "pushed", now);
    return;
  }
  if (failure && attempt < PUSH_MAX_ATTEMPTS) throw failureOf(failure);
  const fallback = delivery.fallbackMail;
  await ctx.db.transaction().execute(async (trx) => {
    if ((await q.finishDelivery(trx, deliveryId, fallback ? "mailed" : "none", now)) && fallback)
      await queueMail(trx, ctx.clock, fallback.to, fallback.mail, fallback.category);
  });
};

// ---------------------------------------------------------------------------------------------
// A program's quiet hours (staff with the symptom settings' permissions)

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const getPushSettings = async (scope: RequestScope, programId: string) => {
  await inProgram(scope, programId);
  const row = await q.findQuietHours(scope.ctx.db, programId);
  const { start, end } = quietHoursLabel(
    row ? { startMinute: row.quietStartMinute, endMinute: row.quietEndMinute } : defaultQuietHours,
  );
  return { quietStart: start, quietEnd: end };
};

export const updatePushSettings = async (
  scope: RequestScope,
  programId: string,
  body: { quietStart: string; quietEnd: string },
) => {
  await inProgram(scope, programId);
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.upsertQuietHours(trx, programId, minuteOf(body.quietStart), minuteOf(body.quietEnd), scope.ctx.clock.now());
    await scope.audit(
      { action: "push.settings.update", entityType: "push-settings", programId, details: { ...body } },
      trx,
    );
  });
  return { quietStart: body.quietStart, quietEnd: body.quietEnd };
};
