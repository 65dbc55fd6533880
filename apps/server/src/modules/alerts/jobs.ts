import type { AppContext } from "../../platform/context.js";
import { ALERT_ESCALATION_JOB, escalateAlert } from "./service.js";

/** An alert still Open after the program's delay is e-mailed to its admins (once). */
export const registerAlertJobs = (ctx: AppContext) => {
  ctx.jobs.register(ALERT_ESCALATION_JOB, async (payload) => {
    await escalateAlert(ctx, String(payload.alertId));
  });
};
