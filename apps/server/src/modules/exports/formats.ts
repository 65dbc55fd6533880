import type { ZipChunk, ZipEntry } from "./zip.js";

/**
 * The two research-export formats over one ZIP writer: CSV (one file per data kind) and XLSX (a
 * workbook of one sheet per kind, inline strings, no styles). Both are written row page by row
 * page; neither holds more than a page.
 */

export type Cell = string | number | boolean | null;
export interface Sheet {
  name: string;
  header: readonly string[];
  pages: () => AsyncIterable<readonly (readonly Cell[])[]>;
}

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula. */
export const csvCell = (value: Cell | undefined): string => {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

async function* csvContent(sheet: Sheet): AsyncGenerator<ZipChunk> {
  yield csvLine(sheet.header);
  for await (const page of sheet.pages()) if (page.length) yield page.map(csvLine).join("");
}

export const csvEntries = (sheets: readonly Sheet[]): ZipEntry[] =>
  sheets.map((sheet) => ({ name: `${sheet.name}.csv`, content: csvContent(sheet) }));

/** Characters XML 1.0 does not allow (dropped from cells), lone surrogates included. */
const notInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export const escapeXml = (text: string) => text.replace(notInXml, "").replace(/[&<>"]/g, (c) => xmlEntities[c]!);

const columnNames: string[] = [];
const columnName = (index: number) => {
  const known = columnNames[index];
  if (known) return known;
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  columnNames[index] = name;
  return name;
};

export const sheetRow = (cells: readonly Cell[], rowNumber: number) =>
  `<row r="${rowNumber}">${cells
    .map((cell, i) => {
      if (cell === null || cell === "") return "";
      const ref = `${columnName(i)}${rowNumber}`;
      if (typeof cell === "number" && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
      if (typeof cell === "boolean") return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
    })
    .join("")}</row>`;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

async function* sheetContent(sheet: Sheet): AsyncGenerator<ZipChunk> {
  let row = 1;
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetData>${sheetRow(sheet.header, row++)}`;
  for await (const page of sheet.pages()) {
    if (page.length) yield page.map((cells) => sheetRow(cells, row++)).join("");
  }
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
