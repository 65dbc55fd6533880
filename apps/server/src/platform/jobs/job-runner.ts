import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { addSeconds, type Clock } from "../../clock.js";
import type { Db, SqlFragment } from "../../db/kysely.js";
import { reportServerError } from "../error-reporting.js";
import {
  claimDueJobs,
  insertJob,
  jobsInsertFrom,
  markJobCompleted,
  markJobFailed,
  markJobRetry,
  releaseJobs,
} from "./queries.js";

export type JobHandler = (
  payload: Record<string, unknown>,
  context: { attempt: number; jobId: string },
) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one open job per key (e.g. one reminder per invite). */
  singletonKey?: string;
}

/** Enqueue inside the caller's transaction, so a job exists exactly when its cause was committed. */
export const enqueueJob = (
  db: Db,
  clock: Clock,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string | null> =>
  insertJob(db, {
    name,
    payload,
    runAt: options.runAt ?? clock.now(),
    maxAttempts: options.maxAttempts ?? 5,
    singletonKey: options.singletonKey ?? null,
  });

/**
 * Jobs enqueued by the statement that makes their cause, as one of its WITH queries (see
 * jobsInsertFrom): they exist exactly when that statement's change does, without a transaction.
 */
export const enqueueJobsInStatement = (
  name: string,
  /** SELECT payload (jsonb), run_at (timestamptz), singleton_key (text or NULL) over the statement's parts. */
  rows: SqlFragment,
  options: { maxAttempts?: number } = {},
): SqlFragment => jobsInsertFrom(name, options.maxAttempts ?? 5, rows);

/** What became of one run of a job: done, to be tried again, or given up on (the metrics count them). */
export type JobOutcome = "completed" | "retry" | "failed";
export type JobObserver = (kind: string, outcome: JobOutcome, seconds: number) => void;

const LEASE_SECONDS = 5 * 60;
const BATCH = 10;
/** Exponential back-off: 30 s, 1 min, 2 min, 4 min … capped at one hour. */
export const retryDelaySeconds = (attempt: number): number => Math.min(30 * 2 ** (attempt - 1), 3600);

/** Polls the jobs table; durable across restarts, and safe with several server processes. */
export class JobRunner {
  readonly #handlers = new Map<string, JobHandler>();
  readonly #workerId = `worker-${randomUUID()}`;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  /** Set by stop(): the drain finishes the job in hand and hands the rest of its batch back. */
  #stopping = false;
  #observer: JobObserver | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(name: string, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  observe(observer: JobObserver): void {
    this.#observer = observer;
  }

  /** Runs every job due now (and those they make due), then resolves with how many ran. */
  async runDue(): Promise<number> {
    if (this.#running) await this.#running.catch(() => 0);
    this.#running = this.#drain();
    try {
      return await this.#running;
    } finally {
      this.#running = undefined;
    }
  }

  async #drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.#stopping) return ran;
      const jobs = await claimDueJobs(
        this.db,
        this.clock.now(),
        this.#workerId,
        LEASE_SECONDS,
        BATCH,
        // Only jobs this process can run: during a rolling deploy an older process leaves new kinds alone.
        [...this.#handlers.keys()],
      );
      if (jobs.length === 0) return ran;
      for (const [index, job] of jobs.entries()) {
        if (this.#stopping) {
          await releaseJobs(
            this.db,
            jobs.slice(index).map((j) => String(j.id)),
            this.#workerId,
          );
          return ran;
        }
        ran++;
        const id = String(job.id);
        const handler = this.#handlers.get(job.name);
        const started = performance.now();
        const observed = (outcome: JobOutcome) =>
          this.#observer?.(job.name, outcome, (performance.now() - started) / 1000);
        try {
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          await handler(job.payload, { attempt: job.attempts, jobId: id });
          await markJobCompleted(this.db, id, this.clock.now());
          observed("completed");
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (job.attempts >= job.maxAttempts) {
            this.log.error({ jobId: id, job: job.name, attempts: job.attempts, err: message }, "job failed for good");
            reportServerError(error, { tags: { job: job.name, jobId: id, attempts: String(job.attempts) } });
            await markJobFailed(this.db, id, this.clock.now(), message);
            observed("failed");
          } else {
            this.log.warn({ jobId: id, job: job.name, attempts: job.attempts, err: message }, "job failed, will retry");
            await markJobRetry(this.db, id, addSeconds(this.clock.now(), retryDelaySeconds(job.attempts)), message);
            observed("retry");
          }
        }
      }
    }
  }

  start(pollMs: number): void {
    if (this.#timer) return;
    // While the database is away every poll fails: say so once, and once more when it is back.
    let failing = false;
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.runDue()
        .then(() => {
          if (failing) this.log.info("job poll recovered");
          failing = false;
        })
        .catch((error: unknown) => {
          if (!failing) this.log.error({ err: error }, "job poll failed; retrying quietly until it works again");
          failing = true;
        });
    }, pollMs);
    this.#timer.unref();
  }

  /** Stops polling; a drain in progress ends after its current job and releases the jobs it claimed. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stopping = true;
    try {
      await this.#running?.catch(() => 0);
    } finally {
      this.#stopping = false;
    }
  }
}
