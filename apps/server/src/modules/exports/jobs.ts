import type { AppContext } from "../../platform/context.js";
import { RESEARCH_EXPORT_JOB } from "./research.js";
import { runResearchExportJob } from "./service.js";

/** A research export runs as a durable job: it survives a restart and runs once across processes. */
export const registerExportJobs = (ctx: AppContext) => {
  ctx.jobs.register(RESEARCH_EXPORT_JOB, async (payload, { attempt }) => {
    await runResearchExportJob(ctx, String(payload.exportId), attempt);
  });
};
