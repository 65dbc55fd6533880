import {
  type AppointmentFields,
  type AppointmentHistory,
  type AppointmentMode,
  type AppointmentStatus,
  type AppointmentType,
  appointmentShapeProblems,
  appointmentSpan,
  appointmentTimeProblems,
  type CreateAppointmentBody,
  can,
  errorCodes,
  type FieldProblem,
  hasConsented,
  isAppointmentLocked,
  lockedFieldChanges,
  messages,
  type NurseAppointment,
  programState,
  type Territory,
  territoryTimeZones,
  todayIn,
  wallClockAt,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import type { LoadedProgram } from "../programs/service.js";
import { buildCalendar } from "./ical.js";
import * as q from "./queries.js";

/**
 * Nurse-visit appointments of a patient in a program. Reads need a patient with a dashboard
 * (consented, even if withdrawn since or the program ended); every change needs an active
 * patient (consented) of an active program. Date and times are the clinic's wall clock in the
 * program's zone, and the lock rule (core rules/appointments.ts) is judged there.
 */

type CreateInput = Required<{
  [K in keyof CreateAppointmentBody]-?: Exclude<CreateAppointmentBody[K], undefined>;
}>;
type UpdateInput = Partial<CreateInput>;

interface Loaded {
  program: LoadedProgram;
  owner: q.AppointmentOwner;
  zone: string;
  now: Date;
  showNotes: boolean;
}

/** The program (in reach, using appointments) and its patient; 404 outside reach, 409 when not used or not active. */
const load = async (scope: RequestScope, programId: string, userId: string, write: boolean): Promise<Loaded> => {
  const { ctx, actor } = scope;
  const { program } = await inProgram(scope, programId);
  const enrolment = await q.findEnrolment(ctx.db, programId, userId);
  if (!enrolment || !hasConsented(enrolment.status)) throw notFound();
  if (!program.populateNvAppointments) throw conflict(messages.appointmentsNotUsed);
  const now = ctx.clock.now();
  if (write) {
    const { active } = programState(
      { startDate: program.startDate, endDate: program.endDate, endedAt: program.endedAt?.toISOString() ?? null },
      todayIn(program.territory as Territory, now),
    );
    if (!active || enrolment.status !== "CONSENTED") throw conflict(messages.appointmentPatientInactive);
  }
  return {
    program,
    owner: { programId, patientId: userId },
    zone: territoryTimeZones[program.territory as Territory],
    now,
    showNotes: notesVisible(actor, program),
  };
};

/** The patient's appointment notes: with view_appointment_notes, unless the program switched them off. */
const notesVisible = (actor: Actor, program: { disabledNoteTypes: string[] }) =>
  can(actor, "view_appointment_notes") && !program.disabledNoteTypes.includes("appointments");

const fieldsOf = (row: q.AppointmentRow): AppointmentFields => ({
  appointmentType: row.appointmentType as AppointmentType,
  date: row.date,
  startTime: row.startTime,
  endTime: row.endTime,
  mode: row.mode as AppointmentMode,
  status: row.status as AppointmentStatus,
  isDraft: row.isDraft,
  withWhom: row.withWhom,
});

const toAppointment = (row: q.AppointmentRow, loaded: Loaded): NurseAppointment => ({
  id: row.id,
  projectId: row.programId,
  ...fieldsOf(row),
  notes: loaded.showNotes ? row.notes : null,
  locked: isAppointmentLocked(fieldsOf(row), loaded.zone, loaded.now),
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

const invalid = (problems: FieldProblem[]) =>
  new AppError(
    422,
    problems[0]!.message,
    errorCodes.validation,
    problems.map((p) => ({ ...p })),
  );

/** All-day appointments carry no times. */
const normalise = (fields: AppointmentFields): AppointmentFields =>
  fields.isDraft ? { ...fields, startTime: null, endTime: null } : fields;

const valuesOf = (fields: AppointmentFields, zone: string): q.AppointmentValues => ({
  ...fields,
  ...appointmentSpan(fields, zone),
});

const event = (action: string, loaded: Loaded, entityId: string | undefined, details: Record<string, unknown>) => ({
  action,
  entityType: "nurse_visit_appointment",
  ...(entityId ? { entityId } : {}),
  programId: loaded.owner.programId,
  patientId: loaded.owner.patientId,
  details,
});

export const createAppointment = async (scope: RequestScope, programId: string, userId: string, body: CreateInput) => {
  const loaded = await load(scope, programId, userId, true);
  const fields = normalise(body);
  const problems = [
    ...appointmentShapeProblems(fields),
    ...appointmentTimeProblems(fields, wallClockAt(loaded.now, loaded.zone)),
  ];
  if (problems.length) throw invalid(problems);
  return scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.insertAppointment(
      trx,
      loaded.owner,
      valuesOf(fields, loaded.zone),
      scope.actor.userId,
      loaded.now,
    );
    await scope.audit(
      event("appointment.create", loaded, row.id, {
        appointmentType: fields.appointmentType,
        date: fields.date,
        isDraft: fields.isDraft,
      }),
      trx,
    );
    return toAppointment(row, loaded);
  });
};

export const updateAppointment = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  appointmentId: string,
  body: UpdateInput,
) => {
  const loaded = await load(scope, programId, userId, true);
  return scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.findAppointmentForUpdate(trx, loaded.owner, appointmentId);
    if (!row) throw notFound();
    const before = fieldsOf(row);
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as UpdateInput;
    const after = normalise({ ...before, ...changes });
    if (isAppointmentLocked(before, loaded.zone, loaded.now)) {
      const frozen = lockedFieldChanges(before, after);
      if (frozen.length)
        throw new AppError(
          409,
          messages.appointmentLocked,
          errorCodes.validation,
          frozen.map((field) => ({ field, message: messages.appointmentLocked })),
        );
    }
    const problems = appointmentShapeProblems(after);
    const moved =
      after.date !== before.date || after.startTime !== before.startTime || after.isDraft !== before.isDraft;
    if (moved) problems.push(...appointmentTimeProblems(after, wallClockAt(loaded.now, loaded.zone)));
    if (problems.length) throw invalid(problems);
    const updated = await q.updateAppointment(trx, row.id, valuesOf(after, loaded.zone), loaded.now);
    const changed = (Object.keys(after) as (keyof AppointmentFields)[]).filter((k) => after[k] !== before[k]);
    await scope.audit(event("appointment.update", loaded, row.id, { changed }), trx);
    return toAppointment(updated, loaded);
  });
};

export const deleteAppointment = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  appointmentId: string,
) => {
  const loaded = await load(scope, programId, userId, true);
  await scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.findAppointmentForUpdate(trx, loaded.owner, appointmentId);
    if (!row) throw notFound();
    if (isAppointmentLocked(fieldsOf(row), loaded.zone, loaded.now)) throw conflict(messages.appointmentPastDelete);
    await q.deleteAppointment(trx, row.id);
    await scope.audit(
      event("appointment.delete", loaded, row.id, { appointmentType: row.appointmentType, date: row.date }),
      trx,
    );
  });
};

export const getAppointment = async (scope: RequestScope, programId: string, userId: string, appointmentId: string) => {
  const loaded = await load(scope, programId, userId, false);
  const row = await q.findAppointment(scope.ctx.db, loaded.owner, appointmentId);
  if (!row) throw notFound();
  await scope.audit(event("appointment.read", loaded, row.id, {}));
  return toAppointment(row, loaded);
};

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export const listAppointments = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  query: {
    _page: number;
    _perPage: number;
    intervalStart?: string | undefined;
    intervalEnd?: string | undefined;
    ordering: "date" | "-date";
  },
) => {
  const loaded = await load(scope, programId, userId, false);
  const { intervalStart: start, intervalEnd: end } = query;
  const { rows, totalCount } = await q.findAppointmentPage(
    scope.ctx.db,
    loaded.owner,
    {
      endsAfter: start && !isDate(start) ? new Date(start) : undefined,
      endsBy: end && !isDate(end) ? new Date(end) : undefined,
      fromDate: start && isDate(start) ? start : undefined,
      toDate: end && isDate(end) ? end : undefined,
      ordering: query.ordering,
    },
    { limit: query._perPage, offset: (query._page - 1) * query._perPage },
  );
  await scope.audit(
    event("appointment.list", loaded, undefined, {
      intervalStart: start ?? null,
      intervalEnd: end ?? null,
      page: query._page,
      count: rows.length,
    }),
  );
  return { results: rows.map((row) => toAppointment(row, loaded)), totalCount };
};

const CALENDAR_LIMIT = 500;
const initials = (firstName: string, lastName: string) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase().replace(/[^A-Z]/g, "") || "patient";

/** The patient's upcoming appointments as an .ics file; see ical.ts for what it leaves out. */
export const exportCalendar = async (scope: RequestScope, programId: string, userId: string) => {
  const loaded = await load(scope, programId, userId, false);
  const enrolment = await q.findEnrolment(scope.ctx.db, programId, userId);
  const { rows } = await q.findAppointmentPage(
    scope.ctx.db,
    loaded.owner,
    { endsAfter: loaded.now, ordering: "date" },
    { limit: CALENDAR_LIMIT, offset: 0 },
  );
  const patientInitials = initials(enrolment?.firstName ?? "", enrolment?.lastName ?? "");
  const body = buildCalendar({
    appointments: rows.map((row) => ({ ...fieldsOf(row), id: row.id, startsAt: row.startsAt, endsAt: row.endsAt })),
    programName: loaded.program.name,
    calendarName: `${loaded.program.name}: appointments (${patientInitials})`,
    now: loaded.now,
    host: new URL(scope.ctx.settings.publicUrl).hostname || "openpro",
  });
  await scope.audit(event("appointment.calendar.export", loaded, undefined, { count: rows.length }));
  return { body, fileName: `appointments-${patientInitials}.ics` };
};

/**
 * The appointments dated within the report's days, for the patient report (the caller has checked
 * the program is in reach and the patient is its own). null when the program does not record
 * appointments or the actor may not view them: the report then has no appointment section.
 */
/** The range's appointments as the dashboard's history (null rules as appointmentsForReport). */
export const appointmentHistoryForReport = async (
  db: Db,
  actor: Actor,
  program: { id: string; populateNvAppointments: boolean },
  patientId: string,
  range: { startDate: string; endDate: string },
): Promise<AppointmentHistory[]> => {
  if (!program.populateNvAppointments || !can(actor, "view_nurse_visit_appointments")) return [];
  const rows = await q.findAppointmentsOnDays(db, { programId: program.id, patientId }, range.startDate, range.endDate);
  return rows.map((row) => ({
    appointmentId: row.id,
    appointmentType: row.appointmentType,
    startDate: row.isDraft || !row.startTime ? row.date : `${row.date}T${row.startTime}`,
    endDate: row.isDraft || !row.endTime ? row.date : `${row.date}T${row.endTime}`,
    status: row.status,
    attended: row.status === "COMPLETED",
  }));
};

export const appointmentsForReport = async (
  db: Db,
  actor: Actor,
  program: { id: string; populateNvAppointments: boolean },
  patientId: string,
  range: { startDate: string; endDate: string },
): Promise<AppointmentFields[] | null> => {
  if (!program.populateNvAppointments || !can(actor, "view_nurse_visit_appointments")) return null;
  const rows = await q.findAppointmentsOnDays(db, { programId: program.id, patientId }, range.startDate, range.endDate);
  return rows.map(fieldsOf);
};
