import type { LogUpload } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/http";
import type { MedicationEventUpload, PendingDose } from "./offline-queue";
import {
  acknowledge,
  dueBatches,
  enqueue,
  MAX_BATCH,
  type PendingLog,
  recordFailure,
  retryDelayMs,
} from "./offline-queue";
import { createOutbox, type SendBatch } from "./outbox";
import { memoryStore } from "./outbox-store";

const HEART = "11111111-1111-4111-8111-111111111111";
const LUNG = "22222222-2222-4222-8222-222222222222";
const GRACE = "grace-id";
const ALAN = "alan-id";
const symptom = (n: number): LogUpload => ({
  clientId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  logClass: "SYMPTOMS",
  date: "2026-03-03T08:15:00+01:00",
  logTypeId: "10028813",
  grade: 3,
});

describe("the offline queue", () => {
  it("keeps each saved log once, with its clientId, until the server acknowledges it", () => {
    let queue: PendingLog[] = [];
    queue = enqueue(queue, { ownerId: GRACE, programId: HEART, log: symptom(1) }, 1_000);
    queue = enqueue(queue, { ownerId: GRACE, programId: HEART, log: symptom(2) }, 2_000);
    queue = enqueue(queue, { ownerId: GRACE, programId: HEART, log: symptom(1) }, 3_000);
    expect(queue.map((i) => i.clientId)).toEqual([symptom(1).clientId, symptom(2).clientId]);
    expect(queue[0]).toMatchObject({ programId: HEART, queuedAt: 1_000, attempts: 0, log: symptom(1) });
    queue = acknowledge(queue, [symptom(1).clientId]);
    expect(queue.map((i) => i.clientId)).toEqual([symptom(2).clientId]);
    expect(acknowledge(queue, ["not-queued"])).toEqual(queue);
  });

  it("waits longer after each failed try (2 s doubling, at most 5 minutes), and a forced flush ignores the wait", () => {
    expect([0, 1, 2, 3, 10, 30].map(retryDelayMs)).toEqual([0, 2_000, 4_000, 8_000, 300_000, 300_000]);
    let queue = enqueue([], { ownerId: GRACE, programId: HEART, log: symptom(1) }, 0);
    queue = enqueue(queue, { ownerId: GRACE, programId: LUNG, log: symptom(2) }, 0);
    queue = recordFailure(queue, [symptom(1).clientId], 10_000);
    expect(queue[0]).toMatchObject({ attempts: 1, nextAttemptAt: 12_000 });
    expect(queue[1]).toMatchObject({ attempts: 0, nextAttemptAt: 0 });
    expect(dueBatches(queue, GRACE, 11_000).map((b) => b.programId)).toEqual([LUNG]);
    expect(dueBatches(queue, GRACE, 12_000).map((b) => b.programId)).toEqual([HEART, LUNG]);
    expect(dueBatches(queue, GRACE, 11_000, { force: true }).map((b) => b.programId)).toEqual([HEART, LUNG]);
    queue = recordFailure(queue, [symptom(1).clientId], 20_000);
    expect(queue[0]).toMatchObject({ attempts: 2, nextAttemptAt: 24_000 });
  });

  it("sends oldest first, one batch per program, at most 500 logs a batch", () => {
    let queue: PendingLog[] = [];
    for (let n = MAX_BATCH + 5; n >= 1; n--)
      queue = enqueue(queue, { ownerId: GRACE, programId: HEART, log: symptom(n) }, n);
    const [batch] = dueBatches(queue, GRACE, 0);
    expect(batch?.items).toHaveLength(MAX_BATCH);
    expect(batch?.items[0]?.clientId).toBe(symptom(1).clientId);
  });
});

describe("the outbox", () => {
  const answer = (logs: LogUpload[]) => ({
    results: logs.map((l) => ({ clientId: l.clientId, logId: `id-${l.clientId}`, status: "created" as const })),
    alertMessages: [],
  });

  it("keeps a log through a failed upload and sends it again (same clientId) when the network is back", async () => {
    const store = memoryStore();
    const sent: LogUpload[][] = [];
    let online = false;
    const send: SendBatch = async (_programId, logs) => {
      sent.push(logs);
      if (!online) throw new ApiError({ message: "offline" });
      return answer(logs);
    };
    let now = 0;
    const outbox = createOutbox({ store, send, owner: () => GRACE, now: () => now });
    expect(await outbox.submit(HEART, symptom(1))).toEqual({ status: "queued" });
    expect((await store.load()).map((i) => i.attempts)).toEqual([1]);
    // Offline according to the browser: not even tried.
    expect(await outbox.submit(HEART, symptom(2), { online: false })).toEqual({ status: "queued" });
    expect(sent).toHaveLength(1);
    online = true;
    now = 1_000;
    // The first log waits out its retry delay (2 s); the second, never tried, goes now.
    await outbox.flush();
    expect(sent.at(-1)?.map((l) => l.clientId)).toEqual([symptom(2).clientId]);
    expect((await store.load()).map((i) => i.clientId)).toEqual([symptom(1).clientId]);
    now = 2_000;
    await outbox.flush();
    expect(sent.at(-1)?.map((l) => l.clientId)).toEqual([symptom(1).clientId]);
    expect(await store.load()).toEqual([]);
  });

  it("drops the item a 422 names and hands its message back; a 401 or 503 keeps everything", async () => {
    const store = memoryStore();
    let failure: ApiError | null = new ApiError({
      status: 422,
      message: "Check the logs",
      fieldErrors: [{ field: "logs.1.grade", message: "Choose a grade" }],
    });
    const send: SendBatch = async (_p, logs) => {
      if (failure) throw failure;
      return answer(logs);
    };
    const outbox = createOutbox({ store, send, owner: () => GRACE, now: () => 0 });
    await outbox.submit(HEART, symptom(1), { online: false });
    const outcome = await outbox.submit(HEART, symptom(2));
    expect(outcome.status).toBe("refused");
    expect((await store.load()).map((i) => i.clientId)).toEqual([symptom(1).clientId]);
    for (const status of [401, 503]) {
      failure = new ApiError({ status, message: "later" });
      expect((await outbox.submit(HEART, symptom(status))).status).toBe("queued");
    }
    expect(await store.load()).toHaveLength(3);
    failure = null;
    await outbox.flush({ force: true });
    expect(await store.load()).toEqual([]);
  });

  it("sends and counts only the signed-in patient's logs on a shared device", async () => {
    const sent: string[] = [];
    let who: string | null = ALAN;
    const store = memoryStore();
    const outbox = createOutbox({
      store,
      send: async (_p, logs) => {
        sent.push(...logs.map((l) => l.clientId));
        return answer(logs);
      },
      owner: () => who,
    });
    await outbox.submit(HEART, symptom(1), { online: false });
    who = GRACE;
    expect(await outbox.pending()).toEqual([]);
    await outbox.flush({ force: true });
    expect(sent).toEqual([]);
    who = null;
    await expect(outbox.submit(HEART, symptom(2))).rejects.toMatchObject({ status: 401 });
    who = ALAN;
    expect((await outbox.pending()).map((i) => i.clientId)).toEqual([symptom(1).clientId]);
    await outbox.flush({ force: true });
    expect(sent).toEqual([symptom(1).clientId]);
  });

  it("keeps a dose taken offline in its own queue, sends it once, and drops only the dose a 422 names", async () => {
    const store = memoryStore<PendingDose>();
    const dose = (n: number): MedicationEventUpload => ({
      clientId: `00000000-0000-4000-8000-00000000d00${n}`,
      medicationClientId: "00000000-0000-4000-8000-0000000000aa",
      status: "LOGGED",
      date: "2026-11-23T09:00:00+00:00",
    });
    const sent: string[][] = [];
    let failure: ApiError | null = null;
    const send: SendBatch<MedicationEventUpload> = async (_programId, events) => {
      if (failure) throw failure;
      sent.push(events.map((e) => e.clientId));
      return { results: events.map((e) => ({ clientId: e.clientId })) };
    };
    const outbox = createOutbox<MedicationEventUpload>({
      store,
      send,
      owner: () => GRACE,
      now: () => 0,
      batchField: "events",
    });
    expect(await outbox.submit(HEART, dose(1), { online: false })).toEqual({ status: "queued" });
    expect(sent).toEqual([]);
    // Back online: sent once, with the clientId it was saved with; nothing waits any more.
    await outbox.flush({ force: true });
    await outbox.flush({ force: true });
    expect(sent).toEqual([[dose(1).clientId]]);
    expect(await outbox.pending()).toEqual([]);
    // A refusal naming the second event of a batch drops that one only (the field is `events.N`).
    await outbox.submit(HEART, dose(2), { online: false });
    failure = new ApiError({
      status: 422,
      message: "Check the doses",
      fieldErrors: [{ field: "events.1.date", message: "Enter a valid date" }],
    });
    expect((await outbox.submit(HEART, dose(3))).status).toBe("refused");
    expect((await store.load()).map((i) => i.clientId)).toEqual([dose(2).clientId]);
  });
});
