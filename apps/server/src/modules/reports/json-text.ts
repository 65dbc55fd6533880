/**
 * JSON text of a value of type T, already written (by the database, or by jsonObject), that an
 * answer takes as it is: a large report is spliced together from such parts instead of being
 * parsed into objects and written out again. T is what the text describes, for the compiler only;
 * the tests parse every such answer against the endpoint's response schema.
 *
 * The text is kept as a tree of pieces and written once, piece by piece, into the answer's bytes
 * (toBuffer): a 1 MB report is never joined into one string first. Such a string, and the copies
 * made of it, land in the garbage collector's old space on every request; the full collections
 * they brought on were most of the report's slowest answers.
 */
export class JsonText<T> {
  declare readonly describes?: T;
  constructor(readonly pieces: Piece) {}

  /** The text as one string (small answers, the PDF, tests). */
  get text(): string {
    const out: string[] = [];
    walk(this.pieces, (piece) => out.push(piece));
    return out.join("");
  }

  /** The text's UTF-8 bytes, as the answer sends them. */
  toBuffer(): Buffer {
    let size = 0;
    walk(this.pieces, (piece) => {
      size += Buffer.byteLength(piece);
    });
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    walk(this.pieces, (piece) => {
      at += bytes.write(piece, at);
    });
    return bytes;
  }
}

/** The JSON texts of one or more elements of a T[], joined by commas: an array's text without its brackets. */
export class JsonElements<T> {
  declare readonly describes?: T;
  constructor(readonly pieces: Piece) {}
}

/** A run of text: a string, or pieces in order. */
type Piece = string | readonly Piece[];

const walk = (piece: Piece, visit: (text: string) => void) => {
  if (typeof piece === "string") {
    if (piece) visit(piece);
    return;
  }
  for (const part of piece) walk(part, visit);
};

const isEmpty = (piece: Piece): boolean =>
  typeof piece === "string" ? piece.length === 0 : piece.every((part) => isEmpty(part));

/**
 * The JSON text of an object of type T from its fields, each a value (written here with
 * JSON.stringify) or the JSON text of one. Fields left undefined are left out, as JSON.stringify does.
 */
export const jsonObject = <T extends object>(fields: { [K in keyof T]: T[K] | JsonText<T[K]> }): JsonText<T> => {
  const pieces: Piece[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    pieces.push(`${pieces.length ? "," : "{"}${JSON.stringify(key)}:`);
    pieces.push(value instanceof JsonText ? value.pieces : JSON.stringify(value));
  }
  pieces.push(pieces.length ? "}" : "{}");
  return new JsonText(pieces);
};

/** The JSON text of an array from the texts of its elements (one each, or runs of them). */
export const jsonArray = <T>(parts: readonly (JsonText<T> | JsonElements<T>)[]): JsonText<T[]> => {
  const pieces: Piece[] = ["["];
  let first = true;
  for (const { pieces: part } of parts) {
    if (isEmpty(part)) continue;
    if (!first) pieces.push(",");
    pieces.push(part);
    first = false;
  }
  pieces.push("]");
  return new JsonText(pieces);
};

/** The JSON text of a value written here (a small part beside ones the database wrote). */
export const jsonOf = <T>(value: T): JsonText<T> => new JsonText(JSON.stringify(value));
