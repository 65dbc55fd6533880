import type { AppContext } from "../../platform/context.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import { DELIVERY_JOB, runDelivery } from "./engine.js";

const HOUR_MS = 3_600_000;

/**
 * The engine runs as a durable job: every hour on the hour (each run plans the next, keyed by its
 * hour, so two processes plan it once) and soon after a schedule is made or a questionnaire
 * completed. The chain starts with the first schedule and survives restarts in the jobs table.
 */
export const registerQuestionnaireDeliveryJobs = (ctx: AppContext) => {
  ctx.jobs.register(DELIVERY_JOB, async () => {
    const report = await runDelivery(ctx);
    if (report.created || report.reminded || report.closed)
      ctx.log.info({ job: DELIVERY_JOB, ...report }, "questionnaires delivered");
    await planNextDeliveryRun(ctx);
  });
};

/**
 * The next hourly run, once (its key is its hour). Also called at every start, so the chain
 * resumes even if its last link was lost.
 */
export const planNextDeliveryRun = (ctx: AppContext) => {
  const next = new Date(Math.floor(ctx.clock.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  return enqueueJob(
    ctx.db,
    ctx.clock,
    DELIVERY_JOB,
    {},
    { runAt: next, singletonKey: `${DELIVERY_JOB}:${next.toISOString()}` },
  );
};
