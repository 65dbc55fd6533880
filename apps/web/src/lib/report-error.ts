import { scrubBreadcrumb, scrubErrorEvent } from "@openpro/core/schema-free";
import { readClientConfig } from "./client-config";

/** What the app reports about an unexpected failure. */
export interface ErrorReport {
  name: string;
  message: string;
  extra?: Record<string, unknown>;
}

type SentryBrowser = typeof import("@sentry/browser");

let sentry: Promise<SentryBrowser | null> | null = null;

/**
 * `@sentry/browser`, downloaded and started only when the installation sets SENTRY_DSN (GET
 * /service/client-config): a deployment without it pays nothing. Every event and breadcrumb
 * passes core's scrubber (no patient data, e-mails, tokens, codes, bodies or query strings).
 */
export const startErrorReporting = (): Promise<SentryBrowser | null> => {
  const { sentryDsn, errorSampleRate } = readClientConfig();
  if (!sentryDsn) return Promise.resolve(null);
  sentry ??= import("@sentry/browser")
    .then((Sentry) => {
      Sentry.init({
        dsn: sentryDsn,
        release: `openpro-web@${import.meta.env.VITE_APP_VERSION ?? "dev"}`,
        sampleRate: errorSampleRate,
        dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
        beforeSend: (event) => scrubErrorEvent(event),
        beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
      });
      return Sentry;
    })
    // Reporting must never break the page; a failed download may be tried again later.
    .catch(() => {
      sentry = null;
      return null;
    });
  return sentry;
};

/** Sends a report (sampled by the configured rate) when reporting is configured. */
export const reportError = (report: ErrorReport): void => {
  void startErrorReporting().then((Sentry) => {
    if (!Sentry) return;
    const error = new Error(report.message);
    error.name = report.name;
    Sentry.captureException(error, { extra: report.extra ?? {} });
  });
};
