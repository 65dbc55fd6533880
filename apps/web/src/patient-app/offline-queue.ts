import type { LogUpload, medicationEventUpload } from "@openpro/core";
import type { z } from "zod";

/** A dose taken or skipped, as the medication-events upload takes it. */
export type MedicationEventUpload = z.infer<typeof medicationEventUpload>;

/** What the outbox holds: anything the server accepts idempotently per clientId. */
export interface Queueable {
  clientId: string;
}

/**
 * The unsent logs (and doses) of the patient app, as a pure list (persistence lives in outbox-store.ts).
 * A log stays here, with the clientId it was given when the patient saved it, until the server
 * acknowledges it; the upload is idempotent per clientId, so sending one twice is harmless.
 */
export interface PendingItem<T extends Queueable = LogUpload> {
  clientId: string;
  /** The patient who saved it: only their session ever sends it (a shared phone must not mix patients). */
  ownerId: string;
  programId: string;
  log: T;
  /** Epoch ms: when the patient saved it (the queue sends oldest first). */
  queuedAt: number;
  attempts: number;
  /** Epoch ms before which it is not retried (0: at once). */
  nextAttemptAt: number;
}

export type PendingLog = PendingItem<LogUpload>;
/** A dose taken or skipped, in its own queue (its own upload endpoint). */
export type PendingDose = PendingItem<MedicationEventUpload>;

/** The server takes at most 500 logs in one upload. */
export const MAX_BATCH = 500;
const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

/** Wait before the next try after `attempts` failed ones: doubling from 2 s, at most 5 minutes. */
export const retryDelayMs = (attempts: number): number =>
  attempts <= 0 ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempts - 1));

/** Adds a log (a clientId already queued is not added twice). */
export const enqueue = <T extends Queueable>(
  queue: readonly PendingItem<T>[],
  { ownerId, programId, log }: { ownerId: string; programId: string; log: T },
  now: number,
): PendingItem<T>[] =>
  queue.some((item) => item.clientId === log.clientId)
    ? [...queue]
    : [...queue, { clientId: log.clientId, ownerId, programId, log, queuedAt: now, attempts: 0, nextAttemptAt: 0 }];

/** Removes what the server acknowledged (created or duplicate), or refused for good. */
export const acknowledge = <T extends Queueable>(
  queue: readonly PendingItem<T>[],
  clientIds: Iterable<string>,
): PendingItem<T>[] => {
  const done = new Set(clientIds);
  return queue.filter((item) => !done.has(item.clientId));
};

/** Records a failed try (no network, server busy): the items wait longer before the next. */
export const recordFailure = <T extends Queueable>(
  queue: readonly PendingItem<T>[],
  clientIds: Iterable<string>,
  now: number,
): PendingItem<T>[] => {
  const failed = new Set(clientIds);
  return queue.map((item) => {
    if (!failed.has(item.clientId)) return item;
    const attempts = item.attempts + 1;
    return { ...item, attempts, nextAttemptAt: now + retryDelayMs(attempts) };
  });
};

/** The owner's batches to send now, one per program, oldest first, each at most MAX_BATCH logs. */
export const dueBatches = <T extends Queueable>(
  queue: readonly PendingItem<T>[],
  ownerId: string,
  now: number,
  { force = false }: { force?: boolean } = {},
): { programId: string; items: PendingItem<T>[] }[] => {
  const byProgram = new Map<string, PendingItem<T>[]>();
  const ordered = [...queue].sort((a, b) => a.queuedAt - b.queuedAt);
  for (const item of ordered) {
    if (item.ownerId !== ownerId) continue;
    if (!force && item.nextAttemptAt > now) continue;
    const list = byProgram.get(item.programId) ?? [];
    if (list.length < MAX_BATCH) list.push(item);
    byProgram.set(item.programId, list);
  }
  return [...byProgram.entries()].map(([programId, items]) => ({ programId, items }));
};
