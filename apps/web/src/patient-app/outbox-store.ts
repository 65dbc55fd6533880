import type { PendingItem, PendingLog, Queueable } from "./offline-queue";

/**
 * Where unsent logs rest on this device: IndexedDB (one key in a small store of our own), or
 * localStorage where IndexedDB is missing (old browsers, private modes, the test DOM).
 */
export interface OutboxStore<P = PendingLog> {
  load(): Promise<P[]>;
  save(queue: P[]): Promise<void>;
}

const DB_NAME = "openpro-patient-app";
const STORE = "outbox";
/** One key per queue: the logs, and the doses taken or skipped. */
const KEYS = {
  logs: { key: "pending-logs", fallback: "openpro.me.pendingLogs" },
  doses: { key: "pending-doses", fallback: "openpro.me.pendingDoses" },
} as const;
export type QueueName = keyof typeof KEYS;

const openDb = (factory: IDBFactory): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const run = <T>(db: IDBDatabase, mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = op(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

export const indexedDbStore = <P = PendingLog>(factory: IDBFactory, queue: QueueName = "logs"): OutboxStore<P> => {
  const KEY = KEYS[queue].key;
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= openDb(factory);
    return db;
  };
  return {
    load: async () => ((await run(await database(), "readonly", (s) => s.get(KEY))) as P[] | undefined) ?? [],
    save: async (queue) => {
      await run(await database(), "readwrite", (s) => s.put(queue, KEY));
    },
  };
};

export const localStorageStore = <P = PendingLog>(storage: Storage, queue: QueueName = "logs"): OutboxStore<P> => {
  const FALLBACK_KEY = KEYS[queue].fallback;
  return {
    load: async () => {
      try {
        const raw = storage.getItem(FALLBACK_KEY);
        return raw ? (JSON.parse(raw) as P[]) : [];
      } catch {
        return [];
      }
    },
    save: async (queue) => {
      if (queue.length === 0) storage.removeItem(FALLBACK_KEY);
      else storage.setItem(FALLBACK_KEY, JSON.stringify(queue));
    },
  };
};

export const memoryStore = <P = PendingLog>(initial: P[] = []): OutboxStore<P> => {
  let queue = [...initial];
  return {
    load: async () => [...queue],
    save: async (next) => {
      queue = [...next];
    },
  };
};

/** The store of this browser, for the logs or the doses. */
export const browserStore = <T extends Queueable>(queue: QueueName = "logs"): OutboxStore<PendingItem<T>> =>
  typeof indexedDB !== "undefined"
    ? indexedDbStore<PendingItem<T>>(indexedDB, queue)
    : localStorageStore<PendingItem<T>>(window.localStorage, queue);
