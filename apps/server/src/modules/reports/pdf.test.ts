import type { ParticipantReport, Territory } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { pdfFonts, pdfText } from "../../../test/pdf.js";
import { displayDate, writtenDate } from "../../platform/pdf/document.js";
import { renderPatientReport } from "./pdf.js";

/** A week with nothing logged but one medicine: the report's frame, names and dates. */
const quietWeek = (startDate: string, endDate: string): ParticipantReport => ({
  startDate,
  endDate,
  days: [],
  symptoms: [],
  symptomsNew: [],
  symptomsAcknowledged: [],
  symptomsRemoved: [],
  mostLoggedSymptoms: [],
  steps: [],
  stepsTotal: { dailyAvg: 0, total: 0 },
  activitiesTotal: { dailyAvg: 0, total: 0 },
  activities: [],
  temperatures: [],
  medicationAdherence: [
    {
      medication: {
        medicationId: "m1",
        name: "Léčivo Ærø",
        dosage: "5",
        dosageUnit: "mg",
        frequency: "ONCE_DAILY",
        snomedId: null,
        startDate,
        endDate: null,
      },
      total: 4,
      logged: 4,
      skipped: 0,
      missed: 0,
      adherence: 100,
      events: [],
    },
  ],
  appointments: [],
  weights: { unit: "kg", avg: null, dayAvg: [], items: [], count: 0 },
  logs: [],
  senderData: {
    userId: "u1",
    firstName: "Łucja",
    lastName: "Dvořák-Nguyễn",
    dateConsentGiven: null,
    dateConsentRevoked: null,
    reportsEarliestDate: null,
    reportsLatestDate: null,
  },
});

const render = (territory: Territory, programName = "Northbridge Lung") =>
  renderPatientReport({
    program: { name: programName, territory },
    patient: { firstName: "Łucja", lastName: "Dvořák-Nguyễn", patientId: "9434765919", patientIdType: "nhs_number" },
    report: quietWeek("2026-11-23", "2026-11-29"),
    generatedAt: new Date("2026-11-30T10:00:00Z"),
    generatedBy: "Zoë Ørsted",
    appointments: [
      {
        date: "2026-11-25",
        startTime: "10:00",
        endTime: "10:30",
        appointmentType: "BLOOD_TEST",
        mode: "FACE_TO_FACE",
        status: "COMPLETED",
        withWhom: "Sœur Øyvind",
        notes: null,
      } as never,
    ],
  });

describe("the patient report PDF prints a patient's identity exactly", () => {
  it("prints the name exactly as entered, with every letter, in an embedded Unicode font", async () => {
    const pdf = await render("UK_IRE", "Zürich Łódź Lung");
    const text = pdfText(pdf);
    expect(text).toContain("Łucja Dvořák-Nguyễn");
    expect(text).not.toContain("Lucja Dvorák-Nguyen");
    expect(text).toContain("Zürich Łódź Lung");
    expect(text).toContain("Léčivo Ærø 5 mg");
    expect(text).toContain("Zoë Ørsted");
    expect(text).toContain("Sœur Øyvind");
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/DejaVuSans/);
      expect(font).toMatchObject({ embedded: true, unicode: true });
    }
  });

  it("is a PDF/A-2b file: its XMP metadata says so, with an sRGB output intent", async () => {
    const pdf = await render("UK_IRE");
    const raw = pdf.toString("latin1");
    // The catalogue's metadata stream is written uncompressed, as PDF/A asks.
    const xmp = raw.slice(raw.indexOf("<x:xmpmeta"), raw.indexOf("</x:xmpmeta>"));
    expect(xmp).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(xmp).toContain("<dc:title>");
    expect(raw).toMatch(/\/Type \/OutputIntent/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toContain("sRGB IEC61966-2.1");
    expect(raw.startsWith("%PDF-1.7")).toBe(true);
    // No standard (unembedded) font anywhere in the file.
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it("writes dates as the program's territory does: US month first, UK and Switzerland day first", async () => {
    const us = pdfText(await render("US"));
    expect(us).toContain("Period: November 23, 2026 to November 29, 2026");
    expect(us).toMatch(/Generated November 30, 2026 at 0?5:00\s?AM EST/);
    expect(us).toContain("11/25/2026");
    const uk = pdfText(await render("UK_IRE"));
    expect(uk).toContain("Period: 23 November 2026 to 29 November 2026");
    expect(uk).toContain("Generated 30 November 2026 at 10:00 GMT");
    expect(uk).toContain("25/11/2026");
    const ch = pdfText(await render("CH"));
    expect(ch).toContain("Period: 23 November 2026 to 29 November 2026");
    expect(ch).toContain("25/11/2026");
  });

  it("formats a day in figures and in words for each territory", () => {
    expect(displayDate("2026-11-27", "US")).toBe("11/27/2026");
    expect(displayDate("2026-11-27", "UK_IRE")).toBe("27/11/2026");
    expect(displayDate("2026-11-27", "CH")).toBe("27/11/2026");
    expect(writtenDate("2026-11-27", "US")).toBe("November 27, 2026");
    expect(writtenDate("2026-11-27", "UK_IRE")).toBe("27 November 2026");
  });
});
