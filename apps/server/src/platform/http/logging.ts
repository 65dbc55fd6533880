import { randomUUID } from "node:crypto";
import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * Request logs name the route pattern (`/api/v1/auth/staff-invite`, `/join/*`), never the raw URL:
 * paths and query strings carry invitation codes, reset codes and unsubscribe tokens.
 */
export const routePattern = (request: FastifyRequest): string => request.routeOptions?.url ?? "(no route)";

const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.body.password",
  "req.body.currentPassword",
  "req.body.confirmPassword",
  "req.body.otpCode",
  "req.body.resetCode",
  "req.body.refreshToken",
];

interface LoggedError {
  name: string;
  message: string;
  code?: unknown;
  statusCode?: unknown;
  stack?: string;
}

/**
 * What a log line keeps of an error: its kind, message, code and stack. Not the other fields a
 * driver attaches (PostgreSQL's `detail` quotes the row's values: e-mail addresses, names).
 */
const serializeError = (error: LoggedError) => ({
  type: error.name,
  message: error.message,
  ...(error.code !== undefined ? { code: error.code } : {}),
  ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
  stack: error.stack ?? "",
});

/** The logger options of the server: a level (or stream) from the caller, our serializers and redaction. */
export const loggerOptions = (logger: FastifyServerOptions["logger"] | undefined): FastifyServerOptions["logger"] =>
  logger && typeof logger === "object"
    ? {
        ...logger,
        serializers: {
          req: (request: FastifyRequest) => ({ method: request.method, route: routePattern(request), id: request.id }),
          err: serializeError,
        },
        // No bodies or headers are logged; should a log line ever carry one, these stay out.
        redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      }
    : (logger ?? false);

/** Request ids are the server's own; a client's X-Request-Id is kept apart (audit `client_request_id`). */
export const generateRequestId = (): string => randomUUID();

/** A client's X-Request-Id, when it is a plain token: recorded beside the server's id, never instead of it. */
export const clientRequestId = (request: FastifyRequest): string | null => {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : null;
};
