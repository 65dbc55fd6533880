import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * What a reader of a PDF gets from it, through poppler's own tools (installed by .ci/run): the
 * text as a PDF reader extracts it (the fonts' Unicode maps, not the bytes drawn), its fonts, and
 * its raw bytes for the metadata a records archive checks.
 */
const withFile = <T>(pdf: Buffer, read: (file: string) => T): T => {
  const folder = mkdtempSync(join(tmpdir(), "openpro-pdf-"));
  try {
    const file = join(folder, "report.pdf");
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

/** The text in reading order, one line of the page per line (-raw: the order it was drawn). */
export const pdfText = (pdf: Buffer): string =>
  withFile(pdf, (file) => execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"]).toString("utf8"));

/** pdffonts' table: one line per font with its type, whether embedded and subset, and its Unicode map. */
export const pdfFonts = (pdf: Buffer): { name: string; embedded: boolean; unicode: boolean }[] =>
  withFile(pdf, (file) =>
    execFileSync("pdffonts", [file])
      .toString("utf8")
      .split("\n")
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // name type [encoding…] emb sub uni object ID: the flags are the 5th to 3rd from the end.
        const [emb, , uni] = columns.slice(-5, -2);
        return { name: columns[0]!, embedded: emb === "yes", unicode: uni === "yes" };
      }),
  );
