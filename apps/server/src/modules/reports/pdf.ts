import {
  type AppointmentFields,
  appointmentModeLabels,
  appointmentStatusLabels,
  appointmentTimeLabel,
  appointmentTypeLabels,
  medicationFrequencyLabels,
  messages,
  type ParticipantReport,
  type Territory,
  temperatureBands,
} from "@openpro/core";
import {
  BOLD,
  colours,
  type Doc,
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
  table,
  tableSection,
} from "../../platform/pdf/document.js";

/**
 * The patient report as a PDF, drawn with pdfkit: who and what period, a symptom table by grade,
 * temperature and weight charts (vector paths), medication adherence and the review status of
 * the symptom logs, with "Page N of M" on every page. PDF/A-2b (embedded fonts, XMP metadata, an
 * sRGB output intent: pdfkit writes these for the subset) so a hospital can file it in its records.
 */

export interface PatientReportInput
  extends Pick<PatientDocumentHead, "patient" | "generatedAt" | "generatedBy" | "compress"> {
  program: { name: string; territory: Territory };
  report: ParticipantReport;
  /** Nurse-visit appointments dated in the period; absent: the program does not record them (no section). */
  appointments?: AppointmentFields[] | null;
}

/** patient-report-{name}-{start}-{end}.pdf */
export const patientReportFileName = (lastName: string, startDate: string, endDate: string) =>
  `patient-report-${fileNameWord(lastName)}-${startDate}-${endDate}.pdf`;

interface ChartOptions {
  title: string;
  unit: string;
  points: { at: number; value: number }[];
  /** Instants (ms) of the left and right ends of the x axis. */
  from: number;
  to: number;
  yMin: number;
  yMax: number;
  yStep: number;
  colour: string;
  /** A shaded band between two values (the nominal temperature). */
  band?: { low: number; high: number };
  /** Dashed reference lines with a label. */
  lines?: { value: number; label: string }[];
  /** Points above this value are drawn in the danger colour. */
  highAbove?: number;
  empty: string;
  territory: Territory;
}

const DAY_MS = 86_400_000;
/** An axis tick's day and month in the territory's order (US 11/27, else 27/11). */
const chartDate = (ms: number, territory: Territory) => {
  const iso = new Date(ms).toISOString();
  return territory === "US" ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}` : `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
};

/** A line chart with axes, ticks, optional band and reference lines, drawn with vector paths. */
const lineChart = (doc: Doc, options: ChartOptions) => {
  const height = 170;
  ensureSpace(doc, height + 40);
  doc.font(BOLD).fontSize(10).fillColor(colours.text).text(options.title, MARGIN);
  if (options.points.length === 0) {
    note(doc, options.empty);
    return;
  }
  const left = MARGIN + 40;
  const top = doc.y + 8;
  const width = doc.page.width - MARGIN - left - 50;
  const span = Math.max(options.to - options.from, 1);
  const x = (at: number) => left + ((at - options.from) / span) * width;
  const y = (value: number) => top + height - ((value - options.yMin) / (options.yMax - options.yMin)) * height;

  if (options.band) {
    const high = Math.min(options.band.high, options.yMax);
    const low = Math.max(options.band.low, options.yMin);
    doc
      .rect(left, y(high), width, y(low) - y(high))
      .fillColor(colours.band)
      .fill();
  }
  // Horizontal grid and y labels.
  doc.font(REGULAR).fontSize(7).fillColor(colours.muted);
  // Grid lines on whole steps (36, 36.5, …) even when the axis starts between them.
  const firstTick = Math.ceil(options.yMin / options.yStep - 1e-9) * options.yStep;
  for (let v = firstTick; v <= options.yMax + 1e-9; v += options.yStep) {
    const yy = y(v);
    doc
      .moveTo(left, yy)
      .lineTo(left + width, yy)
      .lineWidth(0.3)
      .strokeColor(colours.rule)
      .stroke();
    doc.text(`${Number(v.toFixed(1))}`, MARGIN, yy - 3, { width: 36, align: "right", lineBreak: false });
  }
  // X ticks: at most seven dates across the range.
  const days = Math.max(1, Math.round(span / DAY_MS));
  const every = Math.max(1, Math.ceil(days / 6));
  for (let d = 0; d <= days; d += every) {
    const at = options.from + d * DAY_MS;
    const xx = x(at);
    doc
      .moveTo(xx, top + height)
      .lineTo(xx, top + height + 3)
      .lineWidth(0.5)
      .strokeColor(colours.muted)
      .stroke();
    doc.text(chartDate(at, options.territory), xx - 15, top + height + 5, {
      width: 30,
      align: "center",
      lineBreak: false,
    });
  }
  // Axes.
  doc
    .moveTo(left, top)
    .lineTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.8)
    .strokeColor(colours.text)
    .stroke();
  doc.text(options.unit, MARGIN, top - 10, { width: 36, align: "right", lineBreak: false });
  for (const line of options.lines ?? []) {
    const yy = y(line.value);
    doc
      .moveTo(left, yy)
      .lineTo(left + width, yy)
      .dash(3, { space: 3 })
      .lineWidth(0.8)
      .strokeColor(colours.danger)
      .stroke()
      .undash();
    doc.fillColor(colours.danger).text(line.label, left + width + 4, yy - 3, { width: 46, lineBreak: false });
  }
  // The series.
  const points = options.points.map((p) => ({
    x: x(p.at),
    y: y(p.value),
    high: p.value > (options.highAbove ?? Infinity),
  }));
  doc.moveTo(points[0]!.x, points[0]!.y);
  for (const p of points.slice(1)) doc.lineTo(p.x, p.y);
  doc.lineWidth(1.2).strokeColor(options.colour).stroke();
  for (const p of points)
    doc
      .circle(p.x, p.y, 2)
      .fillColor(p.high ? colours.danger : options.colour)
      .fill();
  doc.fillColor(colours.text);
  doc.x = MARGIN;
  doc.y = top + height + 22;
};

/** A y range that shows every value, in whole steps, never narrower than the default. */
const yRange = (values: number[], min: number, max: number, step: number) => ({
  yMin: Math.min(min, Math.floor(Math.min(...values) / step) * step),
  yMax: Math.max(max, Math.ceil(Math.max(...values) / step) * step),
});

const weightScale = (values: number[]) => {
  if (values.length === 0) return { yMin: 0, yMax: 1, yStep: 1 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const yStep = Math.max(1, Math.ceil((high - low + 2) / 5));
  const yMin = Math.floor((low - 1) / yStep) * yStep;
  return { yMin, yMax: Math.max(yMin + yStep * 5, Math.ceil((high + 1) / yStep) * yStep), yStep };
};

const percent = (value: number | null) => (value === null ? "n/a" : `${value}%`);

export const renderPatientReport = (input: PatientReportInput): Promise<Buffer> => {
  const { report, patient, program } = input;
  const programName = program.name;
  const { doc, done, fullName } = openPatientDocument({
    kind: "Patient report",
    programName,
    patient,
    from: report.startDate,
    to: report.endDate,
    territory: program.territory,
    generatedAt: input.generatedAt,
    generatedBy: input.generatedBy,
    compress: input.compress,
  });

  // Symptoms by grade.
  heading(doc, "Symptoms", 40);
  const logged = report.symptoms.filter((g) => g.count > 0);
  if (logged.length === 0) note(doc, messages.noSymptomLogs);
  else {
    table(
      doc,
      [
        { title: "Symptom", width: 175 },
        ...[0, 1, 2, 3, 4].map((g) => ({ title: `Grade ${g}`, width: 45, align: "right" as const })),
        { title: "Total", width: 45, align: "right" },
        { title: "Worst", width: 70, align: "right" },
      ],
      logged.map((g) => ({
        danger: g.isDanger,
        cells: [
          g.isDanger ? `! ${g.log.name}` : g.log.name,
          ...[0, 1, 2, 3, 4].map((grade) => String(g.totals[grade as 0 | 1 | 2 | 3 | 4])),
          String(g.count),
          `${g.grade}${g.isDanger ? " (danger)" : ""}`,
        ],
      })),
    );
    note(doc, "Rows marked ! reached a danger grade. Invalidated logs are not counted.");
  }
  const sum = (groups: ParticipantReport["symptoms"]) => groups.reduce((total, g) => total + g.count, 0);
  doc.moveDown(0.4);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(colours.text)
    .text(
      `Symptom logs reviewed: ${sum(report.symptomsAcknowledged)} acknowledged, ${sum(report.symptomsRemoved)} invalidated, ${sum(report.symptomsNew)} not yet reviewed.`,
      MARGIN,
    );

  // Vital signs.
  const from = Date.parse(`${report.startDate}T00:00:00Z`);
  const to = Date.parse(`${report.endDate}T00:00:00Z`) + DAY_MS;
  heading(doc, "Temperature", 210);
  const temperatures = report.temperatures
    .filter((t) => typeof t.data.value === "number")
    .map((t) => ({ at: Date.parse(t.date), value: t.data.value as number }));
  lineChart(doc, {
    title: "Temperature (°C)",
    unit: "°C",
    points: temperatures,
    from,
    to,
    ...yRange(
      temperatures.map((t) => t.value),
      temperatureBands.chartMin,
      temperatureBands.chartMax,
      temperatureBands.chartStep,
    ),
    yStep: temperatureBands.chartStep,
    colour: colours.line,
    band: { low: temperatureBands.low, high: temperatureBands.high },
    lines: [
      { value: temperatureBands.high, label: `${temperatureBands.high} °C` },
      { value: temperatureBands.low, label: `${temperatureBands.low} °C` },
    ],
    highAbove: temperatureBands.high,
    empty: messages.noTemperatureLogs,
    territory: program.territory,
  });
  const high = temperatures.filter((t) => t.value > temperatureBands.high).length;
  if (temperatures.length) note(doc, `${temperatures.length} readings, ${high} above ${temperatureBands.high} °C.`);

  heading(doc, "Weight", 210);
  const weights = report.weights.dayAvg.map((d) => ({ at: Date.parse(`${d.date}T12:00:00Z`), value: d.avg }));
  lineChart(doc, {
    title: "Weight, daily average (kg)",
    unit: "kg",
    points: weights,
    from,
    to,
    ...weightScale(weights.map((w) => w.value)),
    colour: colours.weight,
    empty: messages.noWeightLogs,
    territory: program.territory,
  });
  if (report.weights.avg !== null) note(doc, `${report.weights.count} readings, average ${report.weights.avg} kg.`);

  // Medicines.
  tableSection(
    doc,
    "Medication adherence",
    messages.noMedicationLogs,
    [
      { title: "Medication", width: 150 },
      { title: "Frequency", width: 95 },
      { title: "Logged", width: 50, align: "right" },
      { title: "Skipped", width: 50, align: "right" },
      { title: "Missed", width: 50, align: "right" },
      { title: "Adherence", width: 100, align: "right" },
    ],
    report.medicationAdherence.map((m) => ({
      cells: [
        [m.medication.name, m.medication.dosage, m.medication.dosageUnit].filter(Boolean).join(" "),
        medicationFrequencyLabels[m.medication.frequency],
        String(m.logged),
        String(m.skipped),
        String(m.missed),
        percent(m.adherence),
      ],
    })),
  );

  // Nurse-visit appointments.
  if (input.appointments) {
    tableSection(
      doc,
      "Appointments",
      messages.noAppointmentsHistory,
      [
        { title: "Date", width: 65 },
        { title: "Time", width: 70 },
        { title: "Type", width: 130 },
        { title: "Mode", width: 75 },
        { title: "Status", width: 65 },
        { title: "With", width: 90 },
      ],
      input.appointments.map((a) => ({
        cells: [
          displayDate(a.date, program.territory),
          appointmentTimeLabel(a),
          appointmentTypeLabels[a.appointmentType],
          appointmentModeLabels[a.mode],
          appointmentStatusLabels[a.status],
          a.withWhom ?? "",
        ],
      })),
    );
  }

  footPages(doc, `${fullName} · ${programName}`);
  doc.end();
  return done;
};
