import { readClientConfig } from "./client-config";
import { type ErrorReport, sentryTransport } from "./sentry-transport";

type Transport = (report: ErrorReport) => void;

let transport: Transport | null = null;

/** The DSN comes from GET /service/client-config, fetched once at start. */
const configuredDsn = (): string | null => readClientConfig().sentryDsn;

/** Sends a sampled report (the configured sample rate) when reporting is configured. */
export const reportError = (report: ErrorReport): void => {
  if (!transport) {
    const dsn = configuredDsn();
    if (!dsn) return;
    transport = sentryTransport(dsn) ?? ((r) => console.warn(`[${r.name}] ${r.message}`, r.extra ?? {}));
  }
  if (Math.random() >= readClientConfig().errorSampleRate) return;
  transport(report);
};
