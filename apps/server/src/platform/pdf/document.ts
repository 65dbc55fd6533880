import { createRequire } from "node:module";
import { patientIdTypes, type Territory, territoryTimeZones } from "@openpro/core";
import PDFDocument from "pdfkit";

/**
 * What every PDF we hand to a hospital shares (the patient report, the pre-visit summary): an A4
 * PDF/A-2b document with our embedded fonts, dates as the program's territory writes them, the
 * headings, notes and tables the documents are drawn with, and "Page N of M" feet.
 */

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const colours = {
  text: "#1f2933",
  muted: "#616e7c",
  rule: "#cbd2d9",
  danger: "#b42318",
  band: "#e3f4e8",
  line: "#2457a6",
  weight: "#0f766e",
};

/**
 * The report's fonts: DejaVu Sans, embedded (subset to the glyphs used), so that every name,
 * term and note prints as entered ("Łucja Dvořák-Nguyễn", not "Lucja Dvorák-Nguyen") and the file
 * is PDF/A (every font embedded). From the dejavu-fonts-ttf package (Bitstream Vera licence,
 * docs/dependencies.md), resolved where Node installed it.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const fonts = { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") };
export const REGULAR = "Body";
export const BOLD = "Body-Bold";

/** How a territory writes a date: US month first, the UK, Ireland and Switzerland day first. */
const dateLocale = (territory: Territory) => (territory === "US" ? "en-US" : "en-GB");

/** A calendar day (YYYY-MM-DD) in figures, as the territory writes it: US 11/27/2026, else 27/11/2026. */
export const displayDate = (isoDate: string, territory: Territory) => {
  const [year, month, day] = [isoDate.slice(0, 4), isoDate.slice(5, 7), isoDate.slice(8, 10)];
  return territory === "US" ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
};

/** A calendar day written out, unambiguous in every territory: "27 November 2026", "November 27, 2026". */
export const writtenDate = (isoDate: string, territory: Territory) =>
  new Intl.DateTimeFormat(dateLocale(territory), {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));

export const displayInstant = (instant: Date, territory: Territory) =>
  new Intl.DateTimeFormat(dateLocale(territory), {
    timeZone: territoryTimeZones[territory],
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);

/** The patient's identifier with its type's name ("NHS number: 943 476 5919"). */
export const identifierOf = (patient: { patientId: string | null; patientIdType: string | null }) => {
  if (!patient.patientId) return "No identifier recorded";
  const type = patientIdTypes.find((t) => t.id === patient.patientIdType)?.name ?? "Identifier";
  return `${type}: ${patient.patientId}`;
};

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when less than `height` is left on this one. */
export const ensureSpace = (doc: Doc, height: number) => {
  if (doc.y + height > bottom(doc)) doc.addPage();
};

/** A section title, kept on the same page as the first `keepWith` points of its content. */
export const heading = (doc: Doc, text: string, keepWith = 0) => {
  ensureSpace(doc, 60 + keepWith);
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(13).fillColor(colours.text).text(text, MARGIN);
  doc.moveDown(0.3);
};

export const note = (doc: Doc, text: string) => {
  doc.font(REGULAR).fontSize(10).fillColor(colours.muted).text(text, MARGIN);
  doc.fillColor(colours.text);
};

export interface Column {
  title: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** A simple table; the header repeats on every page it runs onto. */
export const table = (doc: Doc, columns: Column[], rows: { cells: string[]; danger?: boolean }[]) => {
  const rowHeight = 18;
  const drawHeader = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font(BOLD).fontSize(9).fillColor(colours.muted);
    for (const column of columns) {
      doc.text(column.title, x + 3, y + 4, {
        width: column.width - 6,
        align: column.align ?? "left",
        lineBreak: false,
      });
      x += column.width;
    }
    const width = columns.reduce((sum, c) => sum + c.width, 0);
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(MARGIN + width, y + rowHeight)
      .lineWidth(0.8)
      .strokeColor(colours.rule)
      .stroke();
    doc.y = y + rowHeight;
  };
  ensureSpace(doc, rowHeight * 3);
  drawHeader();
  for (const row of rows) {
    if (doc.y + rowHeight > bottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(row.danger ? BOLD : REGULAR)
      .fontSize(9)
      .fillColor(row.danger ? colours.danger : colours.text);
    columns.forEach((column, i) => {
      // One line per cell: a longer text ends in an ellipsis rather than running into the next row.
      doc.text(row.cells[i] ?? "", x + 3, y + 4, {
        width: column.width - 6,
        height: 11,
        align: column.align ?? "left",
        ellipsis: true,
      });
      x += column.width;
    });
    doc.y = y + rowHeight;
  }
  doc.fillColor(colours.text).x = MARGIN;
};

/** A section that is a table when it has rows, one sentence when it has none. */
export const tableSection = (
  doc: Doc,
  title: string,
  empty: string,
  columns: Column[],
  rows: { cells: string[]; danger?: boolean }[],
) => {
  heading(doc, title, 40);
  if (rows.length === 0) note(doc, empty);
  else table(doc, columns, rows);
};

/**
 * A PDF/A-2b document in the reports' form: A4, our embedded fonts (the default one too: a
 * standard font is never embedded, which PDF/A forbids), the metadata a records archive reads.
 * `done` resolves with the file once `doc.end()` is called.
 */
export const openPdfDocument = (meta: {
  title: string;
  subject: string;
  author: string;
  createdAt: Date;
  compress?: boolean;
}): { doc: Doc; done: Promise<Buffer> } => {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    compress: meta.compress ?? true,
    subset: "PDF/A-2b",
    pdfVersion: "1.7",
    font: fonts.regular,
    lang: "en",
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: meta.author,
      Creator: "OpenPRO",
      CreationDate: meta.createdAt,
    },
  });
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
};

/** "Page N of M" and whose document it is at the foot of every page, once the pages are counted. */
export const footPages = (doc: Doc, whose: string) => {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(colours.muted)
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - 35, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.text(whose, MARGIN, doc.page.height - 35, {
      width: 180,
      align: "left",
      lineBreak: false,
      ellipsis: true,
    });
    doc.page.margins.bottom = keep;
  }
};

/** A patient's last name as a word of a file name any browser and file system keeps: ASCII letters, digits and dashes. */
export const fileNameWord = (lastName: string) =>
  lastName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "patient";

export interface PatientDocumentHead {
  /** What the document is: "Patient report". */
  kind: string;
  programName: string;
  patient: { firstName: string; lastName: string; patientId: string | null; patientIdType: string | null };
  /** The period it covers, calendar days (YYYY-MM-DD). */
  from: string;
  to: string;
  territory: Territory;
  generatedAt: Date;
  generatedBy: string;
  /** Lines under the period (the pre-visit summary's last visit). */
  more?: string[];
  /** Compress the page streams (true but in tests that read the text). */
  compress?: boolean;
}

/**
 * A document about one patient's period, opened with its head written: what, which program, who
 * (the name as entered: the embedded font has its letters), the period, and who generated it when.
 */
export const openPatientDocument = (head: PatientDocumentHead) => {
  const { patient, territory } = head;
  const fullName = `${patient.firstName} ${patient.lastName}`;
  const { doc, done } = openPdfDocument({
    title: `${head.kind}: ${fullName}`,
    subject: `${head.programName}, ${head.from} to ${head.to}`,
    author: head.generatedBy,
    createdAt: head.generatedAt,
    compress: head.compress,
  });
  doc.font(BOLD).fontSize(18).fillColor(colours.text).text(head.kind);
  doc.font(REGULAR).fontSize(11).fillColor(colours.muted).text(head.programName);
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(12).fillColor(colours.text).text(fullName);
  doc.font(REGULAR).fontSize(10).text(identifierOf(patient));
  doc.text(`Period: ${writtenDate(head.from, territory)} to ${writtenDate(head.to, territory)}`);
  for (const line of head.more ?? []) doc.text(line);
  doc.fillColor(colours.muted).text(`Generated ${displayInstant(head.generatedAt, territory)} by ${head.generatedBy}`);
  doc.fillColor(colours.text);
  return { doc, done, fullName };
};
