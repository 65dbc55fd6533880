import { type ErrorCode, errorCodes, messages } from "@openpro/core";

export interface FieldError {
  field: string;
  message: string;
}

/** A failure a service means to report; the error handler turns it into the error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: ErrorCode | string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After (a 429's wait). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errorCode?: ErrorCode | string) => new AppError(400, message, errorCode);
export const unauthorized = (message: string = messages.unauthenticated, errorCode?: ErrorCode) =>
  new AppError(401, message, errorCode);
export const forbidden = (message: string = messages.forbidden, errorCode?: ErrorCode) =>
  new AppError(403, message, errorCode);
export const notFound = (message: string = messages.notFound) => new AppError(404, message);
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, undefined, field ? [{ field, message }] : undefined);
export const tooManyRequests = (message: string = messages.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(429, message, errorCodes.rateLimited, undefined, retryAfterSeconds);
/** 422 with the message on one field, as the client places it. */
export const invalidField = (field: string, message: string) =>
  new AppError(422, message, errorCodes.validation, [{ field, message }]);
/** 422 with every field's message; the one message when there is one, else "validation failed". */
export const unprocessable = (errors: FieldError[]) =>
  new AppError(
    422,
    errors.length === 1 ? errors[0]!.message : messages.validationFailed,
    errorCodes.validation,
    errors,
  );
