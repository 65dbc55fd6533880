import { crc32 } from "node:zlib";

/**
 * A minimal streaming XLSX writer (one sheet of text and number cells), so the questionnaire report
 * needs no spreadsheet library. The workbook is a ZIP of stored (uncompressed) entries; the sheet is
 * written as its rows arrive, with a data descriptor after it (ZIP flag bit 3), so nothing is held
 * in memory but the current page. Readers use the central directory written at the end.
 */

type Cell = string | number | null;

/** Characters XML 1.0 allows (others are dropped from cells). */
const allowedInXml = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  cp >= 0x10000;

const escapeXml = (text: string) =>
  Array.from(text)
    .filter((ch) => allowedInXml(ch.codePointAt(0)!))
    .join("")
    .replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const columnName = (index: number) => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

export const sheetRow = (cells: readonly Cell[], rowNumber: number) =>
  `<row r="${rowNumber}">${cells
    .map((cell, i) => {
      const ref = `${columnName(i)}${rowNumber}`;
      if (cell === null || cell === "") return "";
      if (typeof cell === "number" && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
    })
    .join("")}</row>`;

const staticFiles = (sheetName: string): [string, string][] => [
  [
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    "xl/_rels/workbook.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  descriptor: boolean;
}

const DOS_DATE = 0x21; // 1980-01-01: entries carry no time

const localHeader = (name: Buffer, crc: number, size: number, descriptor: boolean) => {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(0x0800 | (descriptor ? 0x0008 : 0), 6); // UTF-8 names; sizes after the data
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(descriptor ? 0 : crc, 14);
  b.writeUInt32LE(descriptor ? 0 : size, 18);
  b.writeUInt32LE(descriptor ? 0 : size, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
};

const centralHeader = (e: Entry) => {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(0x0800 | (e.descriptor ? 0x0008 : 0), 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(0, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.size, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
};

/** The workbook's bytes, produced as the rows come (header row first). */
export async function* xlsxStream(
  sheetName: string,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly Cell[])[]>,
): AsyncGenerator<Buffer> {
  const entries: Entry[] = [];
  let offset = 0;
  for (const [path, content] of staticFiles(sheetName)) {
    const name = Buffer.from(path, "utf8");
    const data = Buffer.from(content, "utf8");
    const crc = crc32(data);
    const head = localHeader(name, crc, data.length, false);
    entries.push({ name, crc, size: data.length, offset, descriptor: false });
    offset += head.length + data.length;
    yield Buffer.concat([head, data]);
  }

  const name = Buffer.from("xl/worksheets/sheet1.xml", "utf8");
  const head = localHeader(name, 0, 0, true);
  const sheet: Entry = { name, crc: 0, size: 0, offset, descriptor: true };
  offset += head.length;
  yield head;
  const emit = (text: string) => {
    const data = Buffer.from(text, "utf8");
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    return data;
  };
  let row = 1;
  yield emit(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRow(header, row++)}`,
  );
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield emit(page.map((cells) => sheetRow(cells, row++)).join(""));
  }
  yield emit("</sheetData></worksheet>");
  offset += sheet.size;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(sheet.crc, 4);
  descriptor.writeUInt32LE(sheet.size, 8);
  descriptor.writeUInt32LE(sheet.size, 12);
  offset += descriptor.length;
  entries.push(sheet);
  yield descriptor;

  const central = Buffer.concat(entries.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([central, end]);
}
