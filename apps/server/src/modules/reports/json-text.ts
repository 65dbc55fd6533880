/**
 * JSON text of a value of type T, already written (by the database, or by jsonObject), that an
 * answer takes as it is: a large report is spliced together from such parts instead of being
 * parsed into objects and written out again. T is what the text describes, for the compiler only;
 * the tests parse every such answer against the endpoint's response schema.
 */
export class JsonText<T> {
  declare readonly describes?: T;
  constructor(readonly text: string) {}
}

/**
 * The JSON text of an object of type T from its fields, each a value (written here with
 * JSON.stringify) or the JSON text of one. Fields left undefined are left out, as JSON.stringify does.
 */
export const jsonObject = <T extends object>(fields: { [K in keyof T]: T[K] | JsonText<T[K]> }): JsonText<T> => {
  let out = "";
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out += `${out ? "," : "{"}${JSON.stringify(key)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`;
  }
  return new JsonText(out ? `${out}}` : "{}");
};

/** The JSON texts of one or more elements of a T[], joined by commas: an array's text without its brackets. */
export class JsonElements<T> {
  declare readonly describes?: T;
  constructor(readonly text: string) {}
}

/** The JSON text of an array from the texts of its elements (one each, or runs of them). */
export const jsonArray = <T>(parts: readonly (JsonText<T> | JsonElements<T>)[]): JsonText<T[]> => {
  let out = "";
  for (const { text } of parts) if (text) out += out ? `,${text}` : text;
  return new JsonText(`[${out}]`);
};

/** The JSON text of a value written here (a small part beside ones the database wrote). */
export const jsonOf = <T>(value: T): JsonText<T> => new JsonText(JSON.stringify(value));
