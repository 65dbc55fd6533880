import { readClientConfig } from "./client-config";
import { type ErrorReport, sentryTransport } from "./sentry-transport";

export type { ErrorReport } from "./sentry-transport";

type Transport = (report: ErrorReport) => void;

let transport: Transport | null = null;
let random: () => number = Math.random;

/** Install the error-reporting transport (a Sentry-like client); none by default. */
export const setErrorReporter = (next: Transport | null, rng: () => number = Math.random): void => {
  transport = next;
  random = rng;
};

/** The DSN comes from GET /service/client-config, fetched once at start. */
const configuredDsn = (): string | null => readClientConfig().sentryDsn;

/** Sends a sampled report (the configured sample rate) when reporting is configured. */
export const reportError = (report: ErrorReport): void => {
  if (!transport) {
    const dsn = configuredDsn();
    if (!dsn) return;
    transport = sentryTransport(dsn) ?? ((r) => console.warn(`[${r.name}] ${r.message}`, r.extra ?? {}));
  }
  if (random() >= readClientConfig().errorSampleRate) return;
  transport(report);
};
