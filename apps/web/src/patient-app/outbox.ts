import type { AlertMessageAnswer, LogUpload } from "@openpro/core";
import { ApiError } from "../lib/http";
import { acknowledge, dueBatches, enqueue, type PendingItem, type Queueable, recordFailure } from "./offline-queue";
import type { OutboxStore } from "./outbox-store";

export interface UploadAnswer {
  results: { clientId: string }[];
  /** Log uploads only (doses have none). */
  alertMessages?: AlertMessageAnswer[];
}
export type SendBatch<T extends Queueable = LogUpload> = (programId: string, logs: T[]) => Promise<UploadAnswer>;

/** What became of one log the patient just saved. */
export type SubmitOutcome =
  | { status: "sent"; alertMessages: AlertMessageAnswer[] }
  | { status: "queued" }
  | { status: "refused"; error: ApiError };

/** No answer, or one that says "later": the log stays queued. Anything else will never pass as it is. */
export const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status === undefined ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

/** Items of a refused batch named by its field errors (`logs.3.grade`); all of them when none is named. */
const refusedItems = <T extends Queueable>(
  error: ApiError,
  items: PendingItem<T>[],
  field: string,
): PendingItem<T>[] => {
  const named = new Set<number>();
  const pattern = new RegExp(`^${field}\\.(\\d+)`);
  for (const { field } of error.fieldErrors) {
    const match = pattern.exec(field);
    if (match) named.add(Number(match[1]));
  }
  return named.size === 0 ? items : items.filter((_, index) => named.has(index));
};

export interface Outbox<T extends Queueable = LogUpload> {
  /** Queues the log, then tries to send every due log of its program; tells what became of this one. */
  submit(programId: string, log: T, options?: { online?: boolean }): Promise<SubmitOutcome>;
  /** Sends what is due (everything with force); resolves with the alert messages the server answered. */
  flush(options?: { force?: boolean }): Promise<AlertMessageAnswer[]>;
  /** The signed-in patient's waiting logs. */
  pending(): Promise<PendingItem<T>[]>;
  subscribe(listener: (count: number) => void): () => void;
}

export const createOutbox = <T extends Queueable = LogUpload>({
  store,
  send,
  owner,
  now = Date.now,
  batchField = "logs",
}: {
  store: OutboxStore<PendingItem<T>>;
  send: SendBatch<T>;
  /** The body's array that field errors name (`logs.3.grade`, `events.0.date`). */
  batchField?: string;
  /** The signed-in patient's id (null when signed out): only their logs are sent or counted. */
  owner: () => string | null;
  now?: () => number;
}): Outbox<T> => {
  const listeners = new Set<(count: number) => void>();
  // One change at a time: a flush and a new log never overwrite each other's queue.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task, task);
    chain = next.catch(() => undefined);
    return next;
  };
  const mine = (queue: PendingItem<T>[]) => {
    const ownerId = owner();
    return queue.filter((item) => item.ownerId === ownerId);
  };
  const save = async (queue: PendingItem<T>[]) => {
    await store.save(queue);
    const count = mine(queue).length;
    for (const listener of listeners) listener(count);
  };

  /** Sends the due batches; the outcome of each clientId sent, refused or still waiting. */
  const sendDue = async (force: boolean) => {
    let queue = await store.load();
    const sent = new Set<string>();
    const refused = new Map<string, ApiError>();
    const alertMessages: AlertMessageAnswer[] = [];
    const ownerId = owner();
    if (ownerId === null) return { sent, refused, alertMessages };
    for (const batch of dueBatches(queue, ownerId, now(), { force })) {
      try {
        const answer = await send(
          batch.programId,
          batch.items.map((item) => item.log),
        );
        for (const result of answer.results) sent.add(result.clientId);
        alertMessages.push(...(answer.alertMessages ?? []));
        queue = acknowledge(
          queue,
          batch.items.map((item) => item.clientId),
        );
      } catch (error) {
        if (isTransient(error)) {
          queue = recordFailure(
            queue,
            batch.items.map((item) => item.clientId),
            now(),
          );
        } else {
          const dropped = refusedItems(error as ApiError, batch.items, batchField);
          for (const item of dropped) refused.set(item.clientId, error as ApiError);
          queue = acknowledge(
            queue,
            dropped.map((item) => item.clientId),
          );
        }
      }
    }
    await save(queue);
    return { sent, refused, alertMessages };
  };

  return {
    submit: (programId, log, { online = true } = {}) =>
      exclusive(async () => {
        const ownerId = owner();
        if (ownerId === null) throw new ApiError({ status: 401, message: "Signed out" });
        await save(enqueue(await store.load(), { ownerId, programId, log }, now()));
        if (!online) return { status: "queued" } as const;
        const { sent, refused, alertMessages } = await sendDue(true);
        const error = refused.get(log.clientId);
        if (error) return { status: "refused", error } as const;
        if (sent.has(log.clientId)) return { status: "sent", alertMessages } as const;
        return { status: "queued" } as const;
      }),
    flush: ({ force = false } = {}) => exclusive(async () => (await sendDue(force)).alertMessages),
    pending: () => exclusive(async () => mine(await store.load())),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
