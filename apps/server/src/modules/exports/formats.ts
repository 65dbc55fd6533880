import type { ZipChunk, ZipEntry } from "./zip.js";

/**
 * The two research-export formats over one ZIP writer: CSV (one file per data kind) and XLSX (a
 * workbook of one sheet per kind, inline strings, no styles). Both are written row page by row
 * page; neither holds more than a page.
 */

export type Cell = string | number | boolean | null;
/** A page of rows; the writer empties it once written (see pieces). */
export type Page = (readonly Cell[])[];
export interface Sheet {
  name: string;
  header: readonly string[];
  pages: () => AsyncIterable<Page>;
}

const numberText = /^-?\d+(\.\d+)?$/;
const needsQuotes = /[",\r\n]/;

/**
 * RFC 4180 quoting; a leading =, +, - or @ (or tab, CR) is neutralised so a spreadsheet never runs
 * it as a formula, unless the text is a plain number. Called for every cell: the common case (no
 * special first character, nothing to quote) costs one regular-expression test.
 */
export const csvCell = (value: Cell | undefined): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = typeof value === "string" ? value : String(value);
  const first = text.charCodeAt(0);
  // = + - @ \t \r
  if (
    (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) &&
    !numberText.test(text)
  )
    text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly Cell[]) => {
  let line = cells.length > 0 ? csvCell(cells[0]) : "";
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
};

/**
 * A page is written out at once, as soon as it arrives, into pieces of about 32,000 characters of
 * UTF-8 (bytes, outside V8's heap), and emptied; only then do the pieces wait for the ZIP. Written
 * a page's text at a time, as before, a million rows' export grew its peak RSS by about 300 MiB
 * though it held little: the page's rows lived on while the ZIP compressed its text, long enough
 * for V8 to move them to the old generation, where only a full collection frees them (and a
 * page's text, 1.5 MB of CSV or 5 MB of sheet XML, is born there, as every string over 128 KiB).
 */
const PIECE = 32_000;

const pieces = (page: Page, text: (cells: readonly Cell[]) => string): Buffer[] => {
  const out: Buffer[] = [];
  let chunk = "";
  for (const cells of page) {
    chunk += text(cells);
    if (chunk.length >= PIECE) {
      out.push(Buffer.from(chunk, "utf8"));
      chunk = "";
    }
  }
  if (chunk) out.push(Buffer.from(chunk, "utf8"));
  page.length = 0;
  return out;
};

async function* csvContent(sheet: Sheet): AsyncGenerator<ZipChunk> {
  yield csvLine(sheet.header);
  for await (const page of sheet.pages()) yield* pieces(page, csvLine);
}

export const csvEntries = (sheets: readonly Sheet[]): ZipEntry[] =>
  sheets.map((sheet) => ({ name: `${sheet.name}.csv`, content: csvContent(sheet) }));

/** Characters XML 1.0 does not allow (dropped from cells), lone surrogates included. */
const notInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Anything escapeXml may have to change: the markup characters, and any code unit outside the
 * plain ranges (surrogates too, paired or not: the full pass sorts them out). One test per cell.
 */
const xmlWork = /[&<>"]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/;

export const escapeXml = (text: string) =>
  xmlWork.test(text) ? text.replace(notInXml, "").replace(/[&<>"]/g, (c) => xmlEntities[c]!) : text;

const columnNames: string[] = [];
const columnName = (index: number) => {
  const known = columnNames[index];
  if (known) return known;
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  columnNames[index] = name;
  return name;
};

export const sheetRow = (cells: readonly Cell[], rowNumber: number) => {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === null || cell === undefined || cell === "") continue;
    const ref = columnName(i) + rowNumber;
    if (typeof cell === "number") {
      if (Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
      else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${cell}</t></is></c>`;
    } else if (typeof cell === "boolean") xml += `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  }
  return `${xml}</row>`;
};

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

async function* sheetContent(sheet: Sheet): AsyncGenerator<ZipChunk> {
  let row = 1;
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetData>${sheetRow(sheet.header, row++)}`;
  for await (const page of sheet.pages()) yield* pieces(page, (cells) => sheetRow(cells, row++));
  yield "</sheetData></worksheet>";
}

export const xlsxEntries = (sheets: readonly Sheet[]): ZipEntry[] => [
  {
    name: "[Content_Types].xml",
    content: [
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join("")}</Types>`,
    ],
  },
  {
    name: "_rels/.rels",
    content: [
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
  },
  {
    name: "xl/workbook.xml",
    content: [
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets
        .map((s, i) => `<sheet name="${escapeXml(s.name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join("")}</sheets></workbook>`,
    ],
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    content: [
      `${XML}<Relationships xmlns="${PKG_REL}">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join("")}</Relationships>`,
    ],
  },
  ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetContent(sheet) })),
];

export const contentTypes = {
  csv: "application/zip",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
