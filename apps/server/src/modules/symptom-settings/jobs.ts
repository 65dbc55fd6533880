import type { AppContext } from "../../platform/context.js";
import { REMINDER_SWEEP_JOB, sweepReminders } from "./service.js";

/** Symptom reminders are delivered by a durable sweep (see sweepReminders). */
export const registerSymptomSettingsJobs = (ctx: AppContext) => {
  ctx.jobs.register(REMINDER_SWEEP_JOB, async () => {
    await sweepReminders(ctx);
  });
};
