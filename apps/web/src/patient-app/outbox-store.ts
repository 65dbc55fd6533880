import type { PendingLog } from "./offline-queue";

/**
 * Where unsent logs rest on this device: IndexedDB (one key in a small store of our own), or
 * localStorage where IndexedDB is missing (old browsers, private modes, the test DOM).
 */
export interface OutboxStore {
  load(): Promise<PendingLog[]>;
  save(queue: PendingLog[]): Promise<void>;
}

const DB_NAME = "openpro-patient-app";
const STORE = "outbox";
const KEY = "pending-logs";
const FALLBACK_KEY = "openpro.me.pendingLogs";

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

export const indexedDbStore = (factory: IDBFactory): OutboxStore => {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= openDb(factory);
    return db;
  };
  return {
    load: async () => ((await run(await database(), "readonly", (s) => s.get(KEY))) as PendingLog[] | undefined) ?? [],
    save: async (queue) => {
      await run(await database(), "readwrite", (s) => s.put(queue, KEY));
    },
  };
};

export const localStorageStore = (storage: Storage): OutboxStore => ({
  load: async () => {
    try {
      const raw = storage.getItem(FALLBACK_KEY);
      return raw ? (JSON.parse(raw) as PendingLog[]) : [];
    } catch {
      return [];
    }
  },
  save: async (queue) => {
    if (queue.length === 0) storage.removeItem(FALLBACK_KEY);
    else storage.setItem(FALLBACK_KEY, JSON.stringify(queue));
  },
});

export const memoryStore = (initial: PendingLog[] = []): OutboxStore => {
  let queue = [...initial];
  return {
    load: async () => [...queue],
    save: async (next) => {
      queue = [...next];
    },
  };
};

/** The store of this browser. */
export const browserStore = (): OutboxStore =>
  typeof indexedDB !== "undefined" ? indexedDbStore(indexedDB) : localStorageStore(window.localStorage);
