/**
 * Error reporting to Sentry (`@sentry/node`), only when SENTRY_DSN is set: the SDK is imported
 * then, so a deployment without it loads none of it. Reported: unhandled errors and rejections,
 * 5xx answers (platform/http/error-handler.ts) and jobs that failed for good (platform/jobs).
 * No request tracing or HTTP instrumentation: events carry the failure, not the traffic, and every
 * event and breadcrumb passes core's `scrubErrorEvent` (no patient data, e-mails, tokens, codes,
 * bodies or query strings).
 */
import { scrubBreadcrumb, scrubErrorEvent } from "@openpro/core";

export interface ErrorContext {
  /** Short, non-personal labels (route pattern, job name, job id): they become searchable tags. */
  tags?: Record<string, string>;
}

type Capture = (error: unknown, context: ErrorContext) => void;
let capture: Capture | null = null;
let flushReports: (timeoutMs: number) => Promise<boolean> = async () => true;

export const initErrorReporting = async (options: { dsn: string; release: string; environment?: string }) => {
  const Sentry = await import("@sentry/node");
  Sentry.initWithoutDefaultIntegrations({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment ?? process.env.NODE_ENV ?? "production",
    // Collect nothing about people or requests (the scrubber below is the second line of defence).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    // The failures only: no tracing, no request data, no local variables, no console capture.
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.nodeContextIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: "warn" }),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  capture = (error, context) => {
    Sentry.withScope((scope) => {
      if (context.tags) scope.setTags(context.tags);
      Sentry.captureException(error);
    });
  };
  flushReports = (timeoutMs) => Sentry.flush(timeoutMs);
};

/** Reports a failure when reporting is configured; never throws (reporting must not break the caller). */
export const reportServerError = (error: unknown, context: ErrorContext = {}): void => {
  if (!capture) return;
  try {
    capture(error, context);
  } catch {
    // A broken reporter is not a reason to fail a request or a job.
  }
};

/** Sends what is queued (at shutdown, and in tests). */
export const flushErrorReports = (timeoutMs = 2000): Promise<boolean> => flushReports(timeoutMs);
