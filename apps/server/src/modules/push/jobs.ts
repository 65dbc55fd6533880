import type { AppContext } from "../../platform/context.js";
import { PUSH_SEND_JOB, sendDelivery } from "./service.js";

/** Each push is a durable job: it survives a restart, waits out quiet hours and retries a failing push service. */
export const registerPushJobs = (ctx: AppContext) => {
  ctx.jobs.register(PUSH_SEND_JOB, async (payload, { attempt }) => {
    await sendDelivery(ctx, String(payload.deliveryId), attempt);
  });
};
