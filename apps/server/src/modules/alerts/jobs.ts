import type { AppContext } from "../../platform/context.js";
import { ALERT_ANNOUNCE_JOB, ALERT_ESCALATION_JOB, announceRaisedAlert, escalateAlert } from "./service.js";

/**
 * A new alert is announced (audited, its escalation planned, the team e-mailed); an alert still
 * Open after the program's delay is e-mailed to its admins (once).
 */
export const registerAlertJobs = (ctx: AppContext) => {
  ctx.jobs.register(ALERT_ANNOUNCE_JOB, async (payload) => {
    await announceRaisedAlert(ctx, payload);
  });
  ctx.jobs.register(ALERT_ESCALATION_JOB, async (payload) => {
    await escalateAlert(ctx, String(payload.alertId));
  });
};
