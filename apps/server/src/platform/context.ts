import type { LicensedWording } from "@openpro/core";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Db } from "../db/kysely.js";
import type { JobRunner } from "./jobs/job-runner.js";

/** What services need from the running server; built once in buildApp, replaced in tests. */
export interface AppContext {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /**
   * The licensed wording of the validated instruments, from LICENSED_WORDING_FILE (main.ts); null
   * or absent: none installed, and those instruments are not delivered to patients (HAZ-008).
   */
  licensedWording?: LicensedWording | null;
  settings: {
    jwtSecret: string;
    publicUrl: string;
    supportEmail: string;
    passwordMaxAgeDays: number;
    sentryDsn?: string | null;
    /** ISO instant; while in the future the API is closed for planned maintenance. */
    maintenanceUntil?: string | null;
  };
}

/** Per-request facts that go into the audit log. */
export interface RequestMeta {
  /** Made by the server. */
  requestId: string;
  /** The client's X-Request-Id, if it sent a plain one: recorded beside the server's id. */
  clientRequestId?: string | null;
  ip: string;
  userAgent: string | null;
}
