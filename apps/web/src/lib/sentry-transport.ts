/** What the app reports about an unexpected failure. */
export interface ErrorReport {
  name: string;
  message: string;
  extra?: Record<string, unknown>;
}

/** The parts of a Sentry DSN (`https://<key>@<host>[/<path>]/<project>`) an envelope needs. */
export const parseDsn = (dsn: string): { envelopeUrl: string; dsn: string } | null => {
  try {
    const url = new URL(dsn);
    const segments = url.pathname.split("/").filter(Boolean);
    const projectId = segments.pop();
    if (!url.username || !projectId) return null;
    const prefix = segments.length ? `/${segments.join("/")}` : "";
    return {
      dsn,
      envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/?sentry_key=${encodeURIComponent(url.username)}&sentry_version=7`,
    };
  } catch {
    return null;
  }
};

const eventId = () => crypto.randomUUID().replaceAll("-", "");

/** One Sentry event as an envelope (newline-delimited JSON), as Sentry's own SDKs send it. */
export const buildEnvelope = (report: ErrorReport, dsn: string, now: Date, pageUrl: string): string => {
  const id = eventId();
  const event = {
    event_id: id,
    timestamp: now.getTime() / 1000,
    platform: "javascript",
    level: "error",
    logger: "openpro-web",
    exception: { values: [{ type: report.name, value: report.message }] },
    request: { url: pageUrl },
    extra: report.extra ?? {},
  };
  return [
    JSON.stringify({ event_id: id, sent_at: now.toISOString(), dsn }),
    JSON.stringify({ type: "event" }),
    JSON.stringify(event),
  ].join("\n");
};

/** A transport posting to Sentry; failures to report are swallowed (reporting must never break the page). */
export const sentryTransport = (dsn: string) => {
  const parsed = parseDsn(dsn);
  if (!parsed) return null;
  return (report: ErrorReport) => {
    const body = buildEnvelope(report, parsed.dsn, new Date(), window.location.href);
    fetch(parsed.envelopeUrl, {
      method: "POST",
      body,
      keepalive: true,
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    }).catch(() => undefined);
  };
};
