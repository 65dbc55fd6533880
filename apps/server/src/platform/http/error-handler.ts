import { errorCodes, messages } from "@openpro/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
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
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ statusCode: status, message: messages.somethingWentWrong });
    }
    return reply.status(status).send({ statusCode: status, message: error.message });
  });
};
