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

/** A field's path as a chain to its parent: copying whole paths at every level would be quadratic. */
interface Step {
  parent: Step | null;
  key: string;
}
const pathOf = (step: Step | null) => {
  const keys: string[] = [];
  for (let s = step; s; s = s.parent) keys.push(s.key);
  return keys.reverse();
};

/**
 * The paths ("articles.0.header") of every string holding such a character, keys included. Walked
 * with an explicit stack, not recursion: a body nested thousands of levels deep (valid JSON) would
 * otherwise overflow the call stack and answer 500.
 */
export const fieldsWithUnsupportedCharacters = (root: unknown, rootPath: string[] = [], found: string[] = []) => {
  const start = rootPath.reduce<Step | null>((parent, key) => ({ parent, key }), null);
  const pending: { value: unknown; at: Step | null }[] = [{ value: root, at: start }];
  while (pending.length > 0) {
    const { value, at } = pending.pop()!;
    if (typeof value === "string") {
      if (UNSUPPORTED.test(value)) found.push(pathOf(at).join(".") || "body");
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], at: { parent: at, key: String(index) } });
      }
    } else if (value !== null && typeof value === "object" && isPlainRecord(value)) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        if (UNSUPPORTED.test(key)) found.push([...pathOf(at), key].join("."));
        else pending.push({ value: item, at: { parent: at, key } });
      }
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
