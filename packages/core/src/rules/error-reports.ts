/**
 * What an error report may carry. Reports (Sentry events, from the server and the browser) go to a
 * third party: they hold the failure and where it happened, never patient data, e-mail addresses,
 * tokens, one-time or invitation codes, request bodies or query strings. Both SDKs run every event
 * through `scrubErrorEvent` in their `beforeSend` (and breadcrumbs through `scrubBreadcrumb`).
 */

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

const TEXT_SECRETS: [RegExp, string][] = [
  // Bearer and JSON Web Tokens (three base64url parts starting with {"…).
  [/\bBearer\s+\S+/gi, "Bearer [token]"],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, "[token]"],
  // E-mail addresses, also URL-encoded.
  [/[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi, "[email]"],
  // Opaque tokens: 20+ characters of letters and digits (refresh tokens, reset links, unsubscribe tokens).
  [/\b(?=[\w-]*\d)(?=[\w-]*[a-zA-Z])[\w-]{20,}\b/g, "[token]"],
  // Invitation codes (8 capitals and digits) and one-time codes (6 digits).
  [/\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,12}\b/g, "[code]"],
  [/\b\d{6}\b/g, "[code]"],
];

/** A message with its URLs as route patterns and every address, token and code replaced. */
export const scrubText = (text: string): string => {
  let out = text.replace(/(?:https?:\/\/[^\s/]+)?\/[^\s"']*/g, (path) => toRoutePattern(path));
  for (const [pattern, replacement] of TEXT_SECRETS) out = out.replace(pattern, replacement);
  return out.replace(UUID, ":id");
};

/** Keys whose values are personal or secret whatever they hold. */
const SENSITIVE_KEY =
  /pass|token|secret|code|otp|e-?mail|cookie|authori[sz]ation|session|body|data|name|phone|birth|address|nhs|mrn|answer|note|ip/i;

/** Labels that look sensitive by name but hold only technical values. */
const SAFE_KEYS = new Set([
  "errorCode",
  "statusCode",
  "status_code",
  "status",
  "jobId",
  "job",
  "attempts",
  "route",
  "method",
]);

/** Strings scrubbed; with `dropSensitiveKeys`, values under a personal-sounding key removed whole. */
const scrubValue = (value: unknown, dropSensitiveKeys: boolean, depth = 0): unknown => {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 4) return "[object]";
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => scrubValue(item, dropSensitiveKeys, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      dropSensitiveKeys && !SAFE_KEYS.has(key) && SENSITIVE_KEY.test(key)
        ? "[removed]"
        : scrubValue(item, dropSensitiveKeys, depth + 1);
  }
  return out;
};

/** Contexts the SDKs fill themselves (platform, versions, trace ids): strings scrubbed, keys kept. */
const SDK_CONTEXTS = new Set(["app", "os", "runtime", "device", "culture", "trace", "cloud_resource", "browser"]);

/** Only these request headers may travel (none of them names a person or holds a secret). */
const SAFE_HEADERS = new Set(["user-agent", "accept-language", "content-type"]);

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === "object" && value !== null;

/** A breadcrumb with its message scrubbed and its data reduced to method, status and route pattern. */
export const scrubBreadcrumb = <T extends object>(breadcrumb: T): T => {
  const crumb = { ...breadcrumb } as Loose;
  if (typeof crumb.message === "string") crumb.message = scrubText(crumb.message);
  if (isRecord(crumb.data)) {
    const { method, status_code, url } = crumb.data;
    crumb.data = {
      ...(typeof method === "string" ? { method } : {}),
      ...(typeof status_code === "number" ? { status_code } : {}),
      ...(typeof url === "string" ? { url: toRoutePattern(url) } : {}),
    };
  }
  return crumb as T;
};

/**
 * A Sentry event fit to leave the building: no user, no request body, query string, cookies or
 * identifying headers, no local variables, URLs as route patterns, and every free text (messages,
 * exception values, extra, contexts, tags) with addresses, tokens and codes replaced.
 */
export const scrubErrorEvent = <T extends object>(original: T): T => {
  const event = { ...original } as Loose;
  delete event.user;
  if (isRecord(event.request)) {
    const { method, url, headers } = event.request;
    event.request = {
      ...(typeof method === "string" ? { method } : {}),
      ...(typeof url === "string" ? { url: toRoutePattern(url) } : {}),
      ...(isRecord(headers)
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase())),
            ),
          }
        : {}),
    };
  }
  if (typeof event.message === "string") event.message = scrubText(event.message);
  if (typeof event.transaction === "string") event.transaction = toRoutePattern(event.transaction);
  if (isRecord(event.logentry)) {
    const { message } = event.logentry;
    event.logentry = typeof message === "string" ? { message: scrubText(message) } : {};
  }
  if (isRecord(event.exception) && Array.isArray(event.exception.values)) {
    event.exception = {
      ...event.exception,
      values: event.exception.values.map((value: Loose) => ({
        ...value,
        ...(typeof value.value === "string" ? { value: scrubText(value.value) } : {}),
        ...(isRecord(value.stacktrace) && Array.isArray(value.stacktrace.frames)
          ? {
              stacktrace: {
                ...value.stacktrace,
                frames: value.stacktrace.frames.map(({ vars: _vars, ...frame }: Loose) => frame),
              },
            }
          : {}),
      })),
    };
  }
  if (Array.isArray(event.breadcrumbs)) event.breadcrumbs = event.breadcrumbs.map((crumb) => scrubBreadcrumb(crumb));
  for (const key of ["extra", "tags"] as const) {
    if (isRecord(event[key])) event[key] = scrubValue(event[key], true);
  }
  if (isRecord(event.contexts)) {
    event.contexts = Object.fromEntries(
      Object.entries(event.contexts).map(([name, context]) => [name, scrubValue(context, !SDK_CONTEXTS.has(name))]),
    );
  }
  return event as T;
};
