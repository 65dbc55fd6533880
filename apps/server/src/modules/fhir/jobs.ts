import type { AppContext } from "../../platform/context.js";
import { EXPORT_MAX_ATTEMPTS, FHIR_EXPORT_JOB, runExport } from "./service.js";

/** A FHIR bulk export runs as a durable job; the last failed attempt marks the export FAILED. */
export const registerFhirJobs = (ctx: AppContext) => {
  ctx.jobs.register(FHIR_EXPORT_JOB, async (payload, { attempt }) => {
    await runExport(
      ctx,
      { exportId: String(payload.exportId), logClasses: (payload.logClasses as string[] | undefined) ?? [] },
      { attempt, last: attempt >= EXPORT_MAX_ATTEMPTS },
    );
  });
};
