import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { PushFallbackMail } from "../../db/schema.js";

export interface SubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: string[];
  createdAt: Date;
  lastSuccessAt: Date | null;
}

const subscriptionColumns = [
  "id",
  "userId",
  "endpoint",
  "p256dh",
  "auth",
  "kinds",
  "createdAt",
  "lastSuccessAt",
] as const;

export const findSubscriptions = (db: Db, userId: string): Promise<SubscriptionRow[]> =>
  db
    .selectFrom("pushSubscriptions")
    .select(subscriptionColumns)
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();

/** A patient's subscriptions that take this kind of push. */
export const findSubscriptionsTaking = (db: Db, userId: string, kind: string): Promise<SubscriptionRow[]> =>
  db
    .selectFrom("pushSubscriptions")
    .select(subscriptionColumns)
    .where("userId", "=", userId)
    .where(sql<boolean>`${kind} = ANY(kinds)`)
    .orderBy("createdAt")
    .execute();

/**
 * Stores a browser's subscription for this patient. The endpoint is the browser's: when another
 * account of this browser had it (a shared phone), it now belongs to the one who opted in last.
 */
export const upsertSubscription = (
  db: Db,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; kinds: string[]; now: Date },
): Promise<SubscriptionRow> =>
  db
    .insertInto("pushSubscriptions")
    .values({
      userId: s.userId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      kinds: s.kinds,
      createdAt: s.now,
      updatedAt: s.now,
      lastSuccessAt: null,
    })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet((eb) => ({
        userId: eb.ref("excluded.userId"),
        p256dh: eb.ref("excluded.p256dh"),
        auth: eb.ref("excluded.auth"),
        kinds: eb.ref("excluded.kinds"),
        updatedAt: eb.ref("excluded.updatedAt"),
      })),
    )
    .returning(subscriptionColumns)
    .executeTakeFirstOrThrow();

export const deleteSubscription = async (db: Db, userId: string, endpoint: string): Promise<string | null> => {
  const row = await db
    .deleteFrom("pushSubscriptions")
    .where("userId", "=", userId)
    .where("endpoint", "=", endpoint)
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
};

/** The push service said the subscription is gone (404/410). */
export const deleteSubscriptionById = (db: Db, id: string) =>
  db.deleteFrom("pushSubscriptions").where("id", "=", id).execute();

export const markSubscriptionSuccess = (db: Db, id: string, now: Date) =>
  db.updateTable("pushSubscriptions").set({ lastSuccessAt: now }).where("id", "=", id).execute();

/** Which of these patients have a subscription taking which kinds ("userId|kind"). */
export const findTakers = async (db: Db, userIds: readonly string[]): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("pushSubscriptions")
    .select(["userId", "kinds"])
    .where("userId", "in", [...new Set(userIds)])
    .execute();
  return new Set(rows.flatMap((r) => r.kinds.map((kind) => `${r.userId}|${kind}`)));
};

export interface NewDelivery {
  userId: string;
  programId: string;
  kind: string;
  eventKey: string;
  fallbackMail: PushFallbackMail | null;
}

/** One delivery per patient and event: a repeated event inserts nothing (its id is not returned). */
export const insertDeliveries = async (db: Db, rows: readonly NewDelivery[], now: Date): Promise<string[]> => {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("pushDeliveries")
    .values(
      rows.map((r) => ({
        userId: r.userId,
        programId: r.programId,
        kind: r.kind,
        eventKey: r.eventKey,
        fallbackMail: r.fallbackMail ? JSON.stringify(r.fallbackMail) : null,
        createdAt: now,
        doneAt: null,
        outcome: null,
      })),
    )
    .onConflict((oc) => oc.columns(["userId", "eventKey"]).doNothing())
    .returning("id")
    .execute();
  return inserted.map((r) => r.id);
};

export interface DeliveryRow {
  id: string;
  userId: string;
  programId: string;
  kind: string;
  fallbackMail: PushFallbackMail | null;
  doneAt: Date | null;
  language: string | null;
  territory: string;
  quietStartMinute: number | null;
  quietEndMinute: number | null;
}

/** A delivery with what sending it needs: the patient's language, the clinic's zone and quiet hours. */
export const findDelivery = (db: Db, id: string): Promise<DeliveryRow | undefined> =>
  db
    .selectFrom("pushDeliveries as d")
    .innerJoin("users as u", "u.id", "d.userId")
    .innerJoin("programs as p", "p.id", "d.programId")
    .leftJoin("pushSettings as s", "s.programId", "d.programId")
    .select([
      "d.id",
      "d.userId",
      "d.programId",
      "d.kind",
      "d.fallbackMail",
      "d.doneAt",
      "u.language",
      "p.territory",
      "s.quietStartMinute",
      "s.quietEndMinute",
    ])
    .where("d.id", "=", id)
    .executeTakeFirst() as Promise<DeliveryRow | undefined>;

/** What came of a delivery; the e-mail it kept is dropped (sent, or no longer needed). */
export const finishDelivery = (db: Db, id: string, outcome: "pushed" | "mailed" | "none", now: Date) =>
  db
    .updateTable("pushDeliveries")
    .set({ doneAt: now, outcome, fallbackMail: null })
    .where("id", "=", id)
    .where("doneAt", "is", null)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows) === 1);

export const findDeliveries = (db: Db, userId: string) =>
  db
    .selectFrom("pushDeliveries")
    .select(["id", "programId", "kind", "eventKey", "doneAt", "outcome", "fallbackMail"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();

export const findQuietHours = (db: Db, programId: string) =>
  db
    .selectFrom("pushSettings")
    .select(["quietStartMinute", "quietEndMinute"])
    .where("programId", "=", programId)
    .executeTakeFirst();

export const upsertQuietHours = (db: Db, programId: string, startMinute: number, endMinute: number, now: Date) =>
  db
    .insertInto("pushSettings")
    .values({ programId, quietStartMinute: startMinute, quietEndMinute: endMinute, updatedAt: now })
    .onConflict((oc) =>
      oc.column("programId").doUpdateSet({ quietStartMinute: startMinute, quietEndMinute: endMinute, updatedAt: now }),
    )
    .execute();
