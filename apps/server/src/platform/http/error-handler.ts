import { errorCodes, messages } from "@openpro/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { reportServerError } from "../error-reporting.js";
import { AppError, type FieldError } from "../errors.js";

interface ZodIssueLike {
  instancePath: string;
  message: string;
  keyword: string;
  params?: { keys?: string[] };
}

const fieldName = (instancePath: string) => instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";

/** Zod issues as the client shows them: one message per field, the first that applies. */
export const toFieldErrors = (issues: ZodIssueLike[]): FieldError[] => {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const entries =
      issue.keyword === "unrecognized_keys"
        ? (issue.params?.keys ?? []).map((key) => ({
            field: [fieldName(issue.instancePath), key].filter((p) => p !== "body").join("."),
            message: messages.unknownField(key),
          }))
        : [{ field: fieldName(issue.instancePath), message: issue.message }];
    for (const entry of entries) {
      if (seen.has(entry.field)) continue;
      seen.add(entry.field);
      errors.push(entry);
    }
  }
  return errors;
};

/**
 * Connection-level codes (Node, PostgreSQL class 08, shutdown / start-up, too many connections),
 * and a full disk (53100): the request is sound, the database cannot take it now.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "53100",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection closed/i;

/**
 * The database cannot be reached (stopped, restarting, network): the request could not be served,
 * but nothing is wrong with it. Answered 503 with Retry-After, so clients retry, instead of a 500.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!error || typeof error !== "object") return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  // Node reports a refused connection to several addresses as an AggregateError.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
};

/** One place turns every failure into `{ statusCode, message, errorCode?, errors? }`; never a stack. */
export const installErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        ...(error.errorCode ? { errorCode: error.errorCode } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === "params") {
        return reply.status(404).send({ statusCode: 404, message: messages.notFound });
      }
      const errors = toFieldErrors(error.validation as unknown as ZodIssueLike[]);
      return reply.status(422).send({
        statusCode: 422,
        message: errors.length === 1 ? errors[0]!.message : messages.validationFailed,
        errorCode: errorCodes.validation,
        errors,
      });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({ statusCode: 415, message: messages.unsupportedMediaType });
    }
    if (
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      error instanceof SyntaxError
    ) {
      return reply.status(400).send({ statusCode: 400, message: messages.malformedBody });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code }, "database unavailable");
      return reply
        .status(503)
        .header("Retry-After", "5")
        .send({ statusCode: 503, message: messages.serviceUnavailable });
    }
    // Two requests racing past the same "is this name free?" check: the unique index decides, and
    // the loser is told so (409) rather than answered 500. SQLSTATE 23505, from pg and PGlite alike.
    if ((error as { code?: unknown }).code === "23505") {
      return reply.status(409).send({ statusCode: 409, message: messages.alreadyExists });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      reportServerError(error, { tags: { method: request.method, route: request.routeOptions.url ?? "unmatched" } });
      return reply.status(status).send({ statusCode: status, message: messages.somethingWentWrong });
    }
    return reply.status(status).send({ statusCode: status, message: error.message });
  });
};
