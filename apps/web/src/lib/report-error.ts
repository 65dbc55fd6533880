import { limits } from "@openpro/core";

export interface ErrorReport {
  name: string;
  message: string;
  extra?: Record<string, unknown>;
}

type Transport = (report: ErrorReport) => void;

declare global {
  interface Window {
    /** Optional error-reporting DSN, e.g. set by a hosting page script; absent in the default build. */
    SENTRY_DSN?: string;
  }
}

let transport: Transport | null = null;
let random: () => number = Math.random;

/** Install the error-reporting transport (a Sentry-like client); none by default. */
export const setErrorReporter = (next: Transport | null, rng: () => number = Math.random): void => {
  transport = next;
  random = rng;
};

const configuredDsn = (): string | undefined =>
  (typeof window !== "undefined" ? window.SENTRY_DSN : undefined) ??
  (import.meta.env.VITE_SENTRY_DSN as string | undefined);

/** Sends a sampled report (limits.errorReportingSampleRate) when reporting is configured. */
export const reportError = (report: ErrorReport): void => {
  if (!transport) {
    if (!configuredDsn()) return;
    // A DSN without a client: keep the report visible to whoever reads the console.
    transport = (r) => console.warn(`[${r.name}] ${r.message}`, r.extra ?? {});
  }
  if (random() >= limits.errorReportingSampleRate) return;
  transport(report);
};
