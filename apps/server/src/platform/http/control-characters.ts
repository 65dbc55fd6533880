import { errorCodes, messages } from "@openpro/core";
import { AppError } from "../errors.js";

/**
 * Characters no person types into a form and PostgreSQL cannot store or compare safely: C0
 * controls other than tab, line feed and carriage return, DEL, and lone UTF-16 surrogates. A NUL
 * reaching the database would fail the statement (a 500); refused here, once, for every route.
 */
const UNSUPPORTED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Parsed JSON and query strings (whose parser makes objects of its own prototype); not a buffer or stream. */
const isPlainRecord = (value: object) =>
  Object.prototype.toString.call(value) === "[object Object]" &&
  !Buffer.isBuffer(value) &&
  typeof (value as { pipe?: unknown }).pipe !== "function";

/** The paths ("articles.0.header") of every string holding such a character, keys included. */
export const fieldsWithUnsupportedCharacters = (value: unknown, path: string[] = [], found: string[] = []) => {
  if (typeof value === "string") {
    if (UNSUPPORTED.test(value)) found.push(path.join(".") || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      fieldsWithUnsupportedCharacters(item, [...path, String(index)], found);
    });
  } else if (value !== null && typeof value === "object" && isPlainRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (UNSUPPORTED.test(key)) found.push([...path, key].join("."));
      else fieldsWithUnsupportedCharacters(item, [...path, key], found);
    }
  }
  return found;
};

/** 422 naming each field, before any validation or database work; nothing changes. */
export const refuseUnsupportedCharacters = (input: { params?: unknown; query?: unknown; body?: unknown }) => {
  const fields = [
    ...fieldsWithUnsupportedCharacters(input.params ?? {}),
    ...fieldsWithUnsupportedCharacters(input.query ?? {}),
    ...fieldsWithUnsupportedCharacters(input.body ?? {}),
  ];
  if (fields.length === 0) return;
  throw new AppError(
    422,
    messages.unsupportedCharacters,
    errorCodes.validation,
    [...new Set(fields)].map((field) => ({ field, message: messages.unsupportedCharacters })),
  );
};
