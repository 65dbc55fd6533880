import { once } from "node:events";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";

/**
 * The questionnaire report as a workbook of one sheet, written by ExcelJS's streaming writer as the
 * rows arrive: each row is committed (written out and forgotten) as soon as it is added, and the
 * next page is read only once the answer has taken what was written, so memory holds about a page.
 */

type Cell = string | number | null;

/** Characters XML 1.0 does not allow: dropped from text cells (a workbook with one does not open). */
const notInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const cellValue = (cell: Cell) => {
  if (cell === null || cell === "") return null;
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  return cell.replace(notInXml, "");
};

/** The workbook's bytes, produced as the rows come (header row first). */
export async function* xlsxStream(
  sheetName: string,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly Cell[])[]>,
): AsyncGenerator<Buffer> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
    // zlib's fast level, as the research export's ZIP: a third of the time of level 6 for a few % more bytes.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName);
  // Set when the reader stops early (the download was cancelled): the writing stops too.
  const stopped = new AbortController();
  const writing = (async () => {
    sheet.addRow([...header]).commit();
    for await (const page of pages) {
      for (const cells of page) sheet.addRow(cells.map(cellValue)).commit();
      // The reader is behind (a slow download): wait for it before reading the next page.
      if (output.writableNeedDrain) await once(output, "drain", { signal: stopped.signal });
    }
    sheet.commit();
    await workbook.commit();
  })();
  writing.catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    for await (const chunk of output) yield chunk as Buffer;
    await writing;
  } finally {
    stopped.abort();
    output.destroy();
  }
}
