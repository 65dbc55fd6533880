import {
  type ContactOutcome,
  compareQuietRows,
  defaultQuietDays,
  isProgramClosed,
  logDaysOn,
  type PatientStatus,
  type QuietReason,
  quietReasons,
  type ReportingTrend,
  reportingTrend,
  type Territory,
  territoryTimeZones,
  todayIn,
  trendWeeks,
  type WorklistContact,
  type WorklistRow,
  wallClockAt,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { listingScope } from "../../platform/access/scope.js";
import { notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

const iso = (d: Date | string) => new Date(d).toISOString();
const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

const toContact = (row: q.ContactRow): WorklistContact => ({
  contactId: row.id,
  patientId: row.patientId,
  outcome: row.outcome,
  note: row.note,
  contactedAt: iso(row.contactedAt),
  contactedBy: row.contactedBy ? { id: row.contactedBy, name: nameOf(row.byFirstName, row.byLastName) } : null,
});

const noneMissed: readonly { closedAt: string; day: string }[] = Object.freeze([]);

export interface QuietPatient {
  patientId: string;
  patientName: string;
  reasons: QuietReason[];
  quietSince: string;
}

/**
 * Who in one program has gone quiet on the clinic's today (core quietReasons on the facts the
 * database gathers, the days logged read from each enrolment's summary by core logDaysOn),
 * longest quiet first. A closed program lists nobody and reads nothing. The database returns
 * only the candidates (findQuietFacts: a necessary condition of every reason) unless asked for
 * every enrolment, which a test does to show the two lists equal.
 */
export const quietPatients = async (
  db: Db,
  program: { id: string; territory: Territory; endDate: string | null; endedAt: Date | string | null },
  now: Date,
  read: "candidates" | "every enrolment" = "candidates",
): Promise<QuietPatient[]> => {
  const today = todayIn(program.territory, now);
  const closed = isProgramClosed(
    { endDate: program.endDate, endedAt: program.endedAt ? iso(program.endedAt) : null },
    today,
  );
  if (closed) return [];
  const facts = await q.findQuietFacts(
    db,
    program.id,
    territoryTimeZones[program.territory],
    read === "candidates" ? { today } : null,
  );
  if (facts.length === 0) return [];
  // The program's N comes on every row (read in the same statement); the rule's program is one object.
  const rule = { today, closed, quietDays: facts[0]!.quietDays };
  const quiet: QuietPatient[] = [];
  for (const f of facts) {
    const logged = logDaysOn(
      f.lastLogDay === null ? null : { lastLogDay: f.lastLogDay, bits: f.logDayBits ?? 0 },
      today,
    );
    const reasons = quietReasons(
      {
        status: f.status as PatientStatus,
        consentDay: f.consentDay,
        lastLogDay: logged.lastLogDay,
        recentLogDays: logged.recentLogDays,
        earlierLogDays: logged.earlierLogDays,
        openedAppSinceConsent: f.openedApp,
        missed: f.missed ?? noneMissed,
        lastContact: f.lastContactAt === null ? null : { at: f.lastContactAt, day: f.lastContactDay! },
      },
      rule,
    );
    if (reasons.length > 0)
      quiet.push({
        patientId: f.patientId,
        patientName: nameOf(f.firstName, f.lastName),
        reasons,
        quietSince: reasons[0]!.since,
      });
  }
  return quiet.sort(compareQuietRows);
};

/** One program's worklist, a page of it with each row's last log, last contact and the care-team phone. */
export const listWorklist = async (
  scope: RequestScope,
  programId: string,
  page: { _page: number; _perPage: number },
): Promise<{ results: WorklistRow[]; totalCount: number }> => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const quiet = await quietPatients(ctx.db, program, ctx.clock.now());
  const rows = quiet.slice((page._page - 1) * page._perPage, page._page * page._perPage);
  const ids = rows.map((r) => r.patientId);
  // The audit entry names the page's patients, known before the look-ups: written beside them
  // (one round trip, not two in a row); the answer still waits for it, and fails if it fails.
  const [lastLogs, lastContacts, careTeamPhone] = await Promise.all([
    q.findLastLogs(ctx.db, programId, ids),
    q.findLastContacts(ctx.db, programId, ids),
    q.findCareTeamPhone(ctx.db, programId),
    scope.audit({
      action: "worklist.list",
      entityType: "worklist",
      programId,
      details: { count: rows.length, totalCount: quiet.length, patientIds: ids },
    }),
  ]);
  const lastLogOf = new Map(lastLogs.map((l) => [l.patientId, l.loggedAt]));
  const contactOf = new Map(lastContacts.map((c) => [c.patientId, c]));
  return {
    results: rows.map((r) => {
      const lastLogAt = lastLogOf.get(r.patientId);
      const contact = contactOf.get(r.patientId);
      return {
        ...r,
        lastLogAt: lastLogAt ? iso(lastLogAt) : null,
        lastContact: contact ? toContact(contact) : null,
        careTeamPhone,
      };
    }),
    totalCount: quiet.length,
  };
};

/**
 * The program dashboard's reporting trend: core reportingTrend over the last `weeks` weeks (the
 * clinic's days; each patient from consent to withdrawal, nothing after the program's end),
 * with the worklist's count beside it. Aggregate figures only: not audited as a patient read.
 */
export const programReportingTrend = async (
  scope: RequestScope,
  programId: string,
  weeks: number,
): Promise<ReportingTrend> => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const now = ctx.clock.now();
  const territory = program.territory as Territory;
  const timeZone = territoryTimeZones[territory];
  const clinicDay = (instant: Date | string) => wallClockAt(new Date(instant), timeZone).date;
  const today = todayIn(territory, now);
  const span = trendWeeks(today, weeks);
  const endedDay = program.endedAt ? clinicDay(program.endedAt) : null;
  const programEndDay =
    program.endDate && endedDay
      ? program.endDate < endedDay
        ? program.endDate
        : endedDay
      : (program.endDate ?? endedDay);
  const [facts, quiet] = await Promise.all([
    q.findTrendFacts(ctx.db, programId, { from: span[0]!.from, to: span.at(-1)!.to }),
    quietPatients(ctx.db, program, now),
  ]);
  return {
    quiet: quiet.length,
    weeks: reportingTrend({
      today,
      weeks,
      programEndDay,
      enrolments: facts.map((f) => ({
        consentDay: clinicDay(f.dateConsentGiven),
        withdrawnDay: f.dateConsentRevoked ? clinicDay(f.dateConsentRevoked) : null,
        logDays: f.logDays ?? [],
        questionnaires: f.questionnaires ?? [],
      })),
    }),
  };
};

/** The side menu's badge: patients on the worklists of the caller's programs. */
export const countQuietPatients = async ({ ctx, actor }: RequestScope) => {
  const now = ctx.clock.now();
  let quiet = 0;
  for (const program of await q.findProgramsInReach(ctx.db, listingScope(actor)))
    quiet += (await quietPatients(ctx.db, program, now)).length;
  return { quiet };
};

const loadEnrolment = async (scope: RequestScope, programId: string, patientId: string) => {
  await inProgram(scope, programId);
  const enrolment = await q.findEnrolment(scope.ctx.db, programId, patientId);
  if (!enrolment) throw notFound();
  return enrolment;
};

/** The team called (or tried): recorded and audited together; the patient leaves the list until quiet again. */
export const recordContact = async (
  scope: RequestScope,
  programId: string,
  patientId: string,
  body: { outcome: ContactOutcome; note?: string | undefined },
): Promise<WorklistContact> => {
  await loadEnrolment(scope, programId, patientId);
  return scope.ctx.db.transaction().execute(async (trx) => {
    const contactId = await q.insertContact(trx, {
      programId,
      patientId,
      outcome: body.outcome,
      note: body.note ? body.note : null,
      contactedBy: scope.actor.userId,
      contactedAt: scope.ctx.clock.now(),
    });
    await scope.audit(
      {
        action: "worklist.contact",
        entityType: "worklist-contact",
        entityId: contactId,
        programId,
        patientId,
        details: { outcome: body.outcome, note: !!body.note },
      },
      trx,
    );
    return toContact(await q.findContact(trx, contactId));
  });
};

/** The patient dashboard's card: the team's contacts with the patient, newest first. */
export const listContacts = async (scope: RequestScope, programId: string, patientId: string) => {
  await loadEnrolment(scope, programId, patientId);
  const rows = await q.findContacts(scope.ctx.db, programId, patientId);
  await scope.audit({
    action: "worklist.contacts.read",
    entityType: "worklist-contact",
    programId,
    patientId,
    details: { count: rows.length },
  });
  return { results: rows.map(toContact) };
};

export const getWorklistSettings = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return { quietDays: (await q.findQuietDays(ctx.db, programId)) ?? defaultQuietDays };
};

export const updateWorklistSettings = async (scope: RequestScope, programId: string, quietDays: number) => {
  await inProgram(scope, programId);
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.upsertQuietDays(trx, programId, quietDays, scope.ctx.clock.now());
    await scope.audit(
      { action: "worklist.settings.update", entityType: "worklist-settings", programId, details: { quietDays } },
      trx,
    );
  });
  return { quietDays };
};
