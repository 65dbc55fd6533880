import { Readable } from "node:stream";
import { can, type ScaleScore, utcDate, wireEventStatus } from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import { newExportSalt, pseudonymiser } from "../../platform/pseudonym.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";
import { xlsxStream } from "./xlsx.js";

/**
 * The program's questionnaire report as CSV (or XLSX), streamed page by page (keyset pages of 500 rows), so
 * a program of any size is exported without holding it in memory. One row per questionnaire with
 * at least one answer. The permission that allows this export (EXPORT_PROJECT_QUESTIONNAIRES_REPORT)
 * is held by anonymised-research roles too: patients are named by a pseudonym made for this export
 * (never their account id, which names them everywhere), unless the caller may export the program
 * identifiably (security issue 29 §4).
 */

const PAGE = 500;
export const exportColumns = [
  "participantId",
  "questionnaire",
  "code",
  "date",
  "status",
  "percentComplete",
  "completedAt",
  "answers",
  "scores",
] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula. */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const formatAnswers = (answers: Record<string, unknown> | null) =>
  Object.entries(answers ?? {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("|") : String(v)}`)
    .join("; ");

const formatScores = (scores: unknown) =>
  Array.isArray(scores)
    ? (scores as ScaleScore[])
        .filter((s) => s.score !== null)
        .map((s) => `${s.scale}=${Math.round((s.score as number) * 100) / 100}`)
        .join("; ")
    : "";

const toCells = (r: q.ExportRow, participant: (patientId: string) => string): (string | number)[] => [
  participant(r.patientId),
  r.name,
  r.code ?? "",
  r.dueDate,
  wireEventStatus(r.state),
  r.state === "COMPLETED" ? 100 : r.questionCount > 0 ? Math.floor((r.answeredCount / r.questionCount) * 100) : 0,
  r.completedAt ? new Date(r.completedAt).toISOString() : "",
  formatAnswers(r.answers),
  r.state === "COMPLETED" ? formatScores(r.scores) : "",
];

const toLine = (r: q.ExportRow, participant: (patientId: string) => string) =>
  toCells(r, participant).map(csvCell).join(",");

export const exportQuestionnaireReport = async (
  scope: RequestScope,
  programId: string,
  body: { startDate?: string; endDate?: string; questionnaireTypeId?: string; format?: "csv" | "xlsx" },
) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  await scope.audit({
    action: "questionnaire.report.export",
    entityType: "program",
    entityId: programId,
    programId,
    details: { ...body },
  });
  const filter = { startDate: body.startDate, endDate: body.endDate, typeId: body.questionnaireTypeId };
  const participant = can(scope.actor, "export_project_data_identifiable")
    ? (patientId: string) => patientId
    : pseudonymiser(newExportSalt());
  async function* pages() {
    let after: { dueDate: string; id: string } | null = null;
    for (;;) {
      const rows = await q.findExportPage(ctx.db, programId, filter, after, PAGE);
      if (rows.length === 0) return;
      yield rows;
      const last = rows.at(-1)!;
      after = { dueDate: last.dueDate, id: last.id };
      if (rows.length < PAGE) return;
    }
  }
  async function* csvLines() {
    yield `${exportColumns.join(",")}\r\n`;
    for await (const rows of pages()) yield `${rows.map((r) => toLine(r, participant)).join("\r\n")}\r\n`;
  }
  async function* cellPages() {
    for await (const rows of pages()) yield rows.map((r) => toCells(r, participant));
  }
  const safeName = program.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "program";
  const base = `questionnaire-report-${safeName}-${utcDate(ctx.clock.now())}`;
  return body.format === "xlsx"
    ? {
        stream: Readable.from(xlsxStream("Questionnaires", exportColumns, cellPages())),
        fileName: `${base}.xlsx`,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }
    : { stream: Readable.from(csvLines()), fileName: `${base}.csv`, contentType: "text/csv; charset=utf-8" };
};
