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

/** Paths whose segments are secrets (invitation codes) or a person's data (an e-mail address). */
const SECRET_SEGMENTS: [RegExp, string][] = [
  [/\/join\/[^/?#\s]+/g, "/join/:inviteId"],
  [/\/invite\/[^/?#\s]+/g, "/invite/:inviteCode"],
  [/\/auth-consent\/[^/?#\s]+/g, "/auth-consent/:inviteCode"],
  [/\/users-invite\/[^/?#\s]+/g, "/users-invite/:inviteCode"],
  [/\/2FA\/[^?#\s]+/g, "/2FA/:requestType/:email"],
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A path as its route pattern: no query string or fragment (reset codes, unsubscribe tokens), no
 * invitation code, e-mail address or id in it. Reports carry patterns, never raw URLs.
 */
export const toRoutePattern = (text: string): string => {
  let out = text.replace(/[?#][^\s]*/g, "");
  for (const [pattern, replacement] of SECRET_SEGMENTS) out = out.replace(pattern, replacement);
  return out.replace(UUID, ":id");
};

/** One Sentry event as an envelope (newline-delimited JSON), as Sentry's own SDKs send it. */
export const buildEnvelope = (report: ErrorReport, dsn: string, now: Date, pageUrl: string): string => {
  const id = eventId();
  const event = {
    event_id: id,
    timestamp: now.getTime() / 1000,
    platform: "javascript",
    level: "error",
    logger: "openpro-web",
    exception: { values: [{ type: report.name, value: toRoutePattern(report.message) }] },
    request: { url: toRoutePattern(pageUrl) },
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
