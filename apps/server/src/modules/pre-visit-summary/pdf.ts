import {
  alertStatusLabels,
  appointmentTypeLabels,
  closeActionLabels,
  type PreVisitSummary,
  type Territory,
  territoryTimeZones,
} from "@openpro/core";
import {
  BOLD,
  colours,
  displayDate,
  ensureSpace,
  fileNameWord,
  footPages,
  heading,
  MARGIN,
  note,
  openPatientDocument,
  type PatientDocumentHead,
  REGULAR,
  tableSection,
  writtenDate,
} from "../../platform/pdf/document.js";

/**
 * The pre-visit summary as a PDF, on the patient report's rules (reports/pdf.ts): names exactly as
 * entered in the embedded DejaVu font, PDF/A-2b, dates as the program's territory writes them, "Page
 * N of M". The same sections and figures as the screen, for a clinic that files or prints it.
 */
export interface PreVisitSummaryPdfInput
  extends Pick<PatientDocumentHead, "patient" | "generatedAt" | "generatedBy" | "compress"> {
  summary: PreVisitSummary;
  territory: Territory;
}

/** An instant as a day in figures and a time, on the clinic's clock: 04/03/2026 09:00 (US 03/04/2026 9:00 AM). */
const dayAndTime = (instant: string, territory: Territory) => {
  const zone = territoryTimeZones[territory];
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(instant));
  const time = new Intl.DateTimeFormat(territory === "US" ? "en-US" : "en-GB", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(instant));
  return `${displayDate(parts, territory)} ${time}`;
};

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** A short file name any file system keeps, as the report's: pre-visit-summary-{name}-{to}.pdf. */
export const preVisitSummaryFileName = (lastName: string, to: string) =>
  `pre-visit-summary-${fileNameWord(lastName)}-${to}.pdf`;

export const renderPreVisitSummary = (input: PreVisitSummaryPdfInput): Promise<Buffer> => {
  const { summary, territory, patient } = input;
  const visit = summary.lastVisit;
  const { doc, done, fullName } = openPatientDocument({
    kind: "Pre-visit summary",
    programName: summary.programName,
    patient,
    from: summary.from,
    to: summary.to,
    territory,
    generatedAt: input.generatedAt,
    generatedBy: input.generatedBy,
    more: [
      visit
        ? `Since the last visit: ${appointmentTypeLabels[visit.appointmentType as keyof typeof appointmentTypeLabels] ?? visit.appointmentType}, ${writtenDate(visit.date, territory)}`
        : "No visit recorded before today.",
    ],
    compress: input.compress,
  });

  tableSection(
    doc,
    "Symptoms at a danger grade",
    "No symptom reached a danger grade.",
    [
      { title: "Symptom", width: 150 },
      { title: "Worst", width: 45, align: "right" },
      { title: "First at danger", width: 90 },
      { title: "Course (grades, oldest first)", width: 210 },
    ],
    summary.severeSymptoms.map((s) => ({
      danger: true,
      cells: [
        s.name,
        String(s.worstGrade),
        displayDate(s.firstSevereDate, territory),
        s.course.map((c) => c.grade).join(" → "),
      ],
    })),
  );

  tableSection(
    doc,
    "Alerts",
    "No alert in the period.",
    [
      { title: "Alert", width: 130 },
      { title: "Raised", width: 100 },
      { title: "Status", width: 55 },
      { title: "Action", width: 210 },
    ],
    summary.alerts.map((a) => ({
      danger: a.status !== "closed",
      cells: [
        a.what,
        dayAndTime(a.raisedAt, territory),
        alertStatusLabels[a.status],
        a.closeAction ? `${closeActionLabels[a.closeAction]}${a.closeNote ? `: ${a.closeNote}` : ""}` : "",
      ],
    })),
  );

  tableSection(
    doc,
    "Temperature out of range",
    "No temperature out of range.",
    [
      { title: "Taken", width: 130 },
      { title: "Reading", width: 80, align: "right" },
    ],
    summary.temperaturesOutOfRange.map((t) => ({
      danger: true,
      cells: [dayAndTime(t.loggedAt, territory), `${t.celsius.toFixed(1)} °C`],
    })),
  );

  tableSection(
    doc,
    "Medication adherence",
    "No medication recorded.",
    [
      { title: "Medication", width: 200 },
      { title: "Taken", width: 60, align: "right" },
      { title: "Skipped", width: 60, align: "right" },
      { title: "Missed", width: 60, align: "right" },
      { title: "Doses due", width: 70, align: "right" },
    ],
    summary.medicationAdherence.map((m) => ({
      cells: [m.name, String(m.logged), String(m.skipped), String(m.missed), String(m.total)],
    })),
  );

  tableSection(
    doc,
    "Questionnaire scores",
    "No questionnaire answered in the period.",
    [
      { title: "Questionnaire", width: 120 },
      { title: "Completed", width: 100 },
      { title: "Scale", width: 90 },
      { title: "Score", width: 45, align: "right" },
      { title: "Change", width: 140 },
    ],
    summary.questionnaires.flatMap((q) =>
      q.changes.map((c) => ({
        danger: c.meaningful && c.direction === "worse",
        cells: [
          q.name,
          dayAndTime(q.completedAt, territory),
          c.label,
          c.score === null ? "not scored" : String(c.score),
          c.change === null
            ? "no earlier score"
            : `${signed(c.change)} since ${c.previous}${c.mid === null ? "" : ` (MID ${c.mid})`}${
                c.meaningful ? (c.direction === "worse" ? ", worse" : ", better") : ""
              }`,
        ],
      })),
    ),
  );

  tableSection(
    doc,
    "Missed questionnaires",
    "No questionnaire missed.",
    [
      { title: "Questionnaire", width: 200 },
      { title: "Due", width: 90 },
    ],
    summary.missedQuestionnaires.map((m) => ({ cells: [m.name, displayDate(m.dueDate, territory)] })),
  );

  // Notes in full: a table cell would cut a long one short.
  heading(doc, "The patient's notes", 30);
  if (summary.notes.length === 0) note(doc, "No note in the period.");
  for (const n of summary.notes) {
    ensureSpace(doc, 30);
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(colours.text)
      .text(`${displayDate(n.date, territory)}: `, MARGIN, doc.y, { continued: true })
      .font(REGULAR)
      .text(n.note);
    doc.moveDown(0.2);
  }

  footPages(doc, `${fullName} · ${summary.programName}`);
  doc.end();
  return done;
};
