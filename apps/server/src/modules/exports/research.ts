import { birthYear, type ResearchExportKind } from "@openpro/core";
import type { AppContext } from "../../platform/context.js";
import { answeredQuestionnairePages } from "../questionnaire-delivery/service.js";
import { headerOf, isoDate, isoInstant, newExportSalt, projectRow, pseudonymiser } from "./anonymise.js";
import { type Cell, contentTypes, csvEntries, type Page, type Sheet, xlsxEntries } from "./formats.js";
import * as q from "./queries.js";
import { ucumOf, unitLabelOf } from "./units.js";
import { zipStream } from "./zip.js";

/**
 * The research export's job: reads the program page by page (keyset, 2,000 rows), writes the CSV
 * zip or the XLSX workbook as it reads, and stores the file in the database in chunks of about
 * 1 MB, updating the progress after every page. The next page is read while the current one is
 * written, so the database and the writer work at the same time. Memory holds two pages and one
 * chunk.
 */

export const RESEARCH_EXPORT_JOB = "exports.research";
/**
 * 2,000 rows: at 10,000 a page's rows outlived two young-generation collections while the next one
 * arrived, and a million rows' CSV export grew peak RSS by 107 MiB (25 MiB at 2,000; formats.ts).
 */
const PAGE = 2000;
/** Questionnaires come with their answers (tens per event): smaller pages keep memory flat. */
const QUESTIONNAIRE_PAGE = 2000;
const CHUNK_BYTES = 1024 * 1024;

type Progress = (rows: number) => Promise<void>;

/** Keyset pages of one source, until a short page; the next page is already being read while the caller writes this one. */
async function* keysetPages<R extends { id: string }>(
  fetch: (key: q.Keyset | null) => Promise<R[]>,
  at: (row: R) => Date | string,
): AsyncGenerator<R[]> {
  let next: Promise<R[]> | null = fetch(null);
  try {
    while (next) {
      const rows: R[] = await next;
      next = null;
      if (rows.length === PAGE) {
        const last = rows.at(-1)!;
        next = fetch({ at: at(last), id: last.id });
        // Awaited on the next turn; a writer that stops early must not leave it unhandled.
        next.catch(() => undefined);
      }
      if (rows.length > 0) yield rows;
    }
  } finally {
    await next?.catch(() => undefined);
  }
}

/**
 * A page's rows mapped to cells, and the page emptied: the generator that yields them keeps the
 * page in its scope until the writer asks for the next one, and the rows must not live that long
 * (see formats.ts, pieces).
 */
const mapAndEmpty = <R>(page: R[], map: (row: R) => readonly Cell[]): Page => {
  const cells = page.map(map);
  page.length = 0;
  return cells;
};

const answerText = (value: unknown): Cell => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join("|");
  if (typeof value === "object") return JSON.stringify(value);
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
};

const roundScore = (score: number) => Math.round(score * 10_000) / 10_000;

const measurementNames = new Map<string, string>();
const measurementName = (logClass: string) => {
  let name = measurementNames.get(logClass);
  if (name === undefined) {
    name = logClass.toLowerCase();
    measurementNames.set(logClass, name);
  }
  return name;
};

const detailsText = (data: unknown): string | null =>
  data && typeof data === "object" && Object.keys(data).length > 0 ? JSON.stringify(data) : null;

/** The sheets of a program's research export, in the order of researchExportKinds. */
export const researchSheets = (
  ctx: AppContext,
  programId: string,
  anonymised: boolean,
  salt: Buffer,
  progress: Progress,
): Sheet[] => {
  const { db } = ctx;
  const patientKey = pseudonymiser(salt, "P");
  const responseKey = anonymised ? pseudonymiser(salt, "R") : (id: string) => id;
  const row = (kind: ResearchExportKind, record: Record<string, Cell | undefined>) =>
    projectRow(kind, anonymised, record);
  const sheet = (kind: ResearchExportKind, pages: () => AsyncIterable<Page>): Sheet => ({
    name: kind,
    header: headerOf(kind, anonymised),
    pages,
  });
  /** A sheet read in keyset pages of `find` (ordered by `at`, then id), each row the kind's record. */
  const pagedSheet = <R extends { id: string }>(
    kind: ResearchExportKind,
    find: (key: q.Keyset | null) => Promise<R[]>,
    at: (row: R) => Date | string,
    record: (row: R) => Record<string, Cell | undefined>,
  ) =>
    sheet(kind, async function* () {
      for await (const page of keysetPages(find, at)) {
        await progress(page.length);
        yield mapAndEmpty(page, (r) => row(kind, record(r)));
      }
    });

  async function* questionnaireRows(scores: boolean) {
    for await (const page of answeredQuestionnairePages(ctx, programId, null, QUESTIONNAIRE_PAGE)) {
      const rows: Cell[][] = [];
      for (const e of page) {
        const common = {
          patient_key: patientKey(e.patientId),
          user_id: e.patientId,
          response_key: responseKey(e.id),
          questionnaire: e.name,
          questionnaire_code: e.code,
          due_date: isoDate(e.dueDate),
          completed_at: isoInstant(e.completedAt),
        };
        if (scores) {
          if (e.state !== "COMPLETED") continue;
          for (const s of e.scores)
            if (typeof s.score === "number")
              rows.push(row("questionnaire_scores", { ...common, scale: s.scale, score: roundScore(s.score) }));
        } else {
          for (const [questionId, value] of Object.entries(e.answers ?? {}))
            rows.push(
              row("questionnaire_answers", {
                ...common,
                status: e.state,
                question_id: questionId,
                answer: answerText(value),
              }),
            );
        }
      }
      await progress(page.length);
      yield rows;
    }
  }

  /** The columns a symptom and a measurement row both begin with: whose log, and when it was logged. */
  const whenAndWhose = (l: q.LogRow) => ({
    patient_key: patientKey(l.patientId),
    user_id: l.patientId,
    logged_at: l.loggedAt,
    local_date: l.localDate,
    utc_offset_minutes: l.utcOffsetMinutes,
  });

  return [
    pagedSheet(
      "participants",
      (k) => q.findParticipantsPage(db, programId, k, PAGE),
      (r) => r.createdAt,
      (p) => ({
        patient_key: patientKey(p.userId),
        user_id: p.userId,
        first_name: p.firstName,
        last_name: p.lastName,
        // An erased enrolment shows its placeholder name and the year of birth only (the
        // account's date of birth may still be held for another program).
        email: p.erasedAt ? null : p.consentedEmail || p.inviteEmail || null,
        patient_identifier_type: p.patientIdType,
        patient_identifier: p.patientId,
        date_of_birth: p.erasedAt ? null : isoDate(p.dob),
        birth_year: p.erasedAt ? p.birthYear : birthYear(p.dob),
        sex: p.sex,
        status: p.status,
        enrolled_with: p.enrolledWith,
        enrolled_at: isoInstant(p.createdAt),
        consent_date: isoDate(p.dateConsentGiven),
        consent_withdrawn_date: isoDate(p.dateConsentRevoked),
      }),
    ),
    pagedSheet(
      "symptoms",
      (k) => q.findLogsPage(db, programId, true, k, PAGE),
      (r) => r.keyAt,
      (l) => ({
        ...whenAndWhose(l),
        symptom_code: l.logTypeId,
        grade: l.grade,
        severe: l.isDanger,
        validation_status: l.validationStatus,
        note: l.note,
      }),
    ),
    pagedSheet(
      "measurements",
      (k) => q.findLogsPage(db, programId, false, k, PAGE),
      (r) => r.keyAt,
      (l) => ({
        ...whenAndWhose(l),
        measurement: measurementName(l.logClass),
        value: l.value === null ? null : Number(l.value),
        unit: ucumOf(l.unit),
        original_value: l.originalValue === null ? null : Number(l.originalValue),
        original_unit: ucumOf(l.originalUnit),
        details: detailsText(l.data),
        validation_status: l.validationStatus,
        note: l.note,
        unit_label: unitLabelOf(l.unit),
        original_unit_label: unitLabelOf(l.originalUnit),
      }),
    ),
    pagedSheet(
      "medications",
      (k) => q.findDosesPage(db, programId, k, PAGE),
      (r) => r.takenAt,
      (d) => ({
        patient_key: patientKey(d.patientId),
        user_id: d.patientId,
        medication: d.name,
        dosage: d.dosage,
        dosage_unit: d.dosageUnit,
        frequency: d.frequency,
        snomed_id: d.snomedId,
        dose_status: d.status === "SKIPPED" ? "skipped" : "taken",
        taken_at: isoInstant(d.takenAt),
        local_date: isoDate(d.localDate),
        skip_reason: d.skipReason,
        notes: d.notes,
      }),
    ),
    sheet("questionnaire_answers", () => questionnaireRows(false)),
    sheet("questionnaire_scores", () => questionnaireRows(true)),
    pagedSheet(
      "appointments",
      (k) => q.findAppointmentsPage(db, programId, k, PAGE),
      (r) => r.startsAt,
      (a) => ({
        patient_key: patientKey(a.patientId),
        user_id: a.patientId,
        appointment_type: a.appointmentType,
        date: isoDate(a.date),
        start_time: a.startTime,
        end_time: a.endTime,
        all_day: a.isDraft,
        mode: a.mode,
        status: a.status,
        with_whom: a.withWhom,
        notes: a.notes,
      }),
    ),
  ];
};

export const researchFileName = (programName: string, format: "csv" | "xlsx", anonymised: boolean, day: string) => {
  const safe = programName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "program";
  return `${safe}-${anonymised ? "anonymised" : "identifiable"}-${day}.${format === "xlsx" ? "xlsx" : "zip"}`;
};

/**
 * Runs one export to its end: counts, writes the file into research_export_chunks, marks it ready.
 * A retry starts again from nothing (the chunks of a failed try are deleted, and a new salt drawn).
 */
export const runResearchExport = async (
  ctx: AppContext,
  exportId: string,
  programName: (id: string) => Promise<string>,
) => {
  const { db, clock } = ctx;
  const job = await q.findExport(db, exportId);
  if (!job || job.status === "ready") return;
  await q.deleteChunks(db, exportId);
  const counts = await q.countResearchRows(db, job.programId);
  const total = counts.participants + counts.logs + counts.doses + counts.appointments + 2 * counts.questionnaires;
  await q.updateExport(db, exportId, {
    status: "running",
    startedAt: clock.now(),
    rowsDone: 0,
    rowsTotal: total,
    error: null,
  });
  let done = 0;
  let reported = 0;
  const progress: Progress = async (rows) => {
    done += rows;
    if (done - reported >= PAGE) {
      reported = done;
      await q.updateExport(db, exportId, { rowsDone: done });
    }
  };
  const sheets = researchSheets(ctx, job.programId, job.anonymised, newExportSalt(), progress);
  const entries = job.format === "xlsx" ? xlsxEntries(sheets) : csvEntries(sheets);
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const store = async () => {
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    size += data.length;
    await q.insertChunk(db, exportId, seq++, data);
  };
  for await (const bytes of zipStream(entries)) {
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= CHUNK_BYTES) await store();
  }
  if (pendingBytes > 0) await store();
  const now = clock.now();
  await q.updateExport(db, exportId, {
    status: "ready",
    rowsDone: done,
    rowsTotal: Math.max(total, done),
    fileName: researchFileName(await programName(job.programId), job.format, job.anonymised, isoDate(now)!),
    contentType: contentTypes[job.format],
    byteSize: size,
    completedAt: now,
  });
};
