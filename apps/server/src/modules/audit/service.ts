import { Readable } from "node:stream";
import type { AuditEntry, AuditFilter } from "@openpro/core";
import { auditCsvColumns, utcDate } from "@openpro/core";
import { programsPermitting } from "../../platform/access/scope.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

/**
 * The audit viewer. Admins (admin-type roles) search every entry; a holder of view_audit_log who
 * is not an admin searches the entries of the programs in their reach (entries without a program —
 * sign-ins, user admin — stay out). A program out of reach answers 404. Every search and export is
 * itself an audit entry, written after the read (so it does not list itself).
 */

const PAGE = 500;

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

const parseDetails = (details: unknown): Record<string, unknown> | null =>
  details === null || details === undefined
    ? null
    : ((typeof details === "string" ? JSON.parse(details) : details) as Record<string, unknown>);

const toEntry = (r: q.AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  action: r.action,
  outcome: r.outcome,
  actor: r.actorUserId
    ? { id: r.actorUserId, name: personName(r.actorFirstName, r.actorLastName), email: r.actorEmail ?? null }
    : null,
  actorRole: r.actorRole ?? null,
  patient: r.patientId
    ? { id: r.patientId, name: personName(r.patientFirstName, r.patientLastName), email: r.patientEmail ?? null }
    : null,
  project: r.programId ? { id: r.programId, name: r.programName ?? "" } : null,
  entityType: r.entityType,
  entityId: r.entityId,
  ip: r.ip,
  userAgent: r.userAgent,
  requestId: r.requestId,
  details: parseDetails(r.details),
  chainPosition: Number(r.chainPosition),
  hash: r.hash,
});

/** The filter as recorded in the audit entry of a search (only what was asked). */
const askedFor = (filter: AuditFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ""));

/**
 * The programs whose entries the caller may read: those where their role grants the audit log
 * (a program named in the filter was resolved, and its permission checked, by defineRoute).
 */
const scopeOf = (scope: RequestScope) => programsPermitting(scope.actor, "view_audit_log");

export const searchAuditLog = async (
  scope: RequestScope,
  query: AuditFilter & { _page: number; _perPage: number },
): Promise<{ results: AuditEntry[]; totalCount: number }> => {
  const { _page, _perPage, ...filter } = query;
  const reachOf = scopeOf(scope);
  const [rows, totalCount] = await Promise.all([
    q.findPage(scope.ctx.db, filter, reachOf, (_page - 1) * _perPage, _perPage),
    q.countEntries(scope.ctx.db, filter, reachOf),
  ]);
  await scope.audit({
    action: "audit.search",
    ...(filter.projectId ? { programId: filter.projectId } : {}),
    ...(filter.patientId ? { patientId: filter.patientId } : {}),
    details: { filter: askedFor(filter), page: _page, perPage: _perPage, totalCount },
  });
  return { results: rows.map(toEntry), totalCount };
};

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula. */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const toCells = (e: AuditEntry): unknown[] => [
  e.id,
  e.at,
  e.action,
  e.outcome,
  e.actor?.id,
  e.actor?.name,
  e.actor?.email,
  e.patient?.id,
  e.patient?.name,
  e.project?.id,
  e.project?.name,
  e.entityType,
  e.entityId,
  e.ip,
  e.userAgent,
  e.requestId,
  e.details ? JSON.stringify(e.details) : "",
  e.chainPosition,
  e.hash,
];

/** Every matching entry as CSV, newest first, streamed in keyset pages (memory stays flat). */
export const exportAuditLog = async (scope: RequestScope, filter: AuditFilter) => {
  const { db, clock } = scope.ctx;
  const reachOf = scopeOf(scope);
  await scope.audit({
    action: "audit.export",
    ...(filter.projectId ? { programId: filter.projectId } : {}),
    ...(filter.patientId ? { patientId: filter.patientId } : {}),
    details: { filter: askedFor(filter), format: "csv" },
  });
  // Entries written after this instant (this export's own among them) are not part of the file.
  const newest = await q.findExportPage(db, filter, reachOf, null, 1);
  const startBefore = newest[0] ? Number(newest[0].id) : null;
  async function* lines() {
    yield `${auditCsvColumns.join(",")}\r\n`;
    if (startBefore === null) return;
    let before: number | null = startBefore + 1;
    for (;;) {
      const rows: q.AuditRow[] = await q.findExportPage(db, filter, reachOf, before, PAGE);
      if (rows.length === 0) return;
      yield `${rows.map((r) => toCells(toEntry(r)).map(csvCell).join(",")).join("\r\n")}\r\n`;
      before = Number(rows.at(-1)!.id);
      if (rows.length < PAGE) return;
    }
  }
  return {
    stream: Readable.from(lines()),
    fileName: `audit-log-${utcDate(clock.now())}.csv`,
    contentType: "text/csv; charset=utf-8",
  };
};
