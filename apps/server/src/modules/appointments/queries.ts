import type { Selectable } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { NurseVisitAppointmentsTable } from "../../db/schema.js";

/**
 * The SQL of nurse-visit appointments. Every statement names the program and the patient, so an
 * appointment of another program or patient is never read or changed (the service answers 404).
 * Upcoming/Past compare ends_at with an instant (index patient_id, program_id, ends_at); calendar
 * days compare the date (index patient_id, program_id, date).
 */

export interface AppointmentOwner {
  programId: string;
  patientId: string;
}

/** What a nurse writes of an appointment: its columns less whose it is, its notes and its bookkeeping. */
export type AppointmentValues = Omit<
  Selectable<NurseVisitAppointmentsTable>,
  "id" | "programId" | "patientId" | "notes" | "createdBy" | "createdAt" | "updatedAt"
>;

const columns = [
  "id",
  "programId",
  "patientId",
  "appointmentType",
  "date",
  "startTime",
  "endTime",
  "isDraft",
  "mode",
  "status",
  "withWhom",
  "notes",
  "startsAt",
  "endsAt",
] as const;

/** The enrolment the appointments hang on (status and names), or nothing. */
export const findEnrolment = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("programPatients")
    .select(["userId", "status", "firstName", "lastName"])
    .where("programId", "=", programId)
    .where("userId", "=", userId)
    .executeTakeFirst();

export const insertAppointment = (
  db: Db,
  owner: AppointmentOwner,
  values: AppointmentValues,
  createdBy: string,
  now: Date,
) =>
  db
    .insertInto("nurseVisitAppointments")
    .values({ ...owner, ...values, notes: null, createdBy, createdAt: now, updatedAt: now })
    .returning(columns)
    .executeTakeFirstOrThrow();

/** The owner's appointments: the condition every read of them starts from. */
const ownersAppointments = (db: Db, owner: AppointmentOwner) =>
  db
    .selectFrom("nurseVisitAppointments")
    .where("programId", "=", owner.programId)
    .where("patientId", "=", owner.patientId);

export const findAppointment = (db: Db, owner: AppointmentOwner, id: string) =>
  ownersAppointments(db, owner).select(columns).where("id", "=", id).executeTakeFirst();
export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/** Locks the row for the rest of the transaction, so two edits cannot both pass the lock rule. */
export const findAppointmentForUpdate = (db: Db, owner: AppointmentOwner, id: string) =>
  ownersAppointments(db, owner).select(columns).where("id", "=", id).forUpdate().executeTakeFirst();

export const updateAppointment = (db: Db, id: string, values: AppointmentValues, now: Date) =>
  db
    .updateTable("nurseVisitAppointments")
    .set({ ...values, updatedAt: now })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirstOrThrow();

export const deleteAppointment = (db: Db, id: string) =>
  db.deleteFrom("nurseVisitAppointments").where("id", "=", id).executeTakeFirst();

export interface AppointmentFilter {
  /** Ended after this instant. */
  endsAfter?: Date | undefined;
  /** Ended at or before this instant. */
  endsBy?: Date | undefined;
  /** Dated on or after / on or before these days. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  ordering: "date" | "-date";
}

const filtered = (db: Db, owner: AppointmentOwner, filter: AppointmentFilter) => {
  let query = ownersAppointments(db, owner);
  if (filter.endsAfter) query = query.where("endsAt", ">", filter.endsAfter);
  if (filter.endsBy) query = query.where("endsAt", "<=", filter.endsBy);
  if (filter.fromDate) query = query.where("date", ">=", filter.fromDate);
  if (filter.toDate) query = query.where("date", "<=", filter.toDate);
  return query;
};

/** One page and the count of all that match. */
export const findAppointmentPage = async (
  db: Db,
  owner: AppointmentOwner,
  filter: AppointmentFilter,
  page: { limit: number; offset: number },
) => {
  const direction = filter.ordering === "date" ? "asc" : "desc";
  const [rows, count] = await Promise.all([
    filtered(db, owner, filter)
      .select(columns)
      .orderBy("startsAt", direction)
      .orderBy("endsAt", direction)
      .orderBy("id", direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, owner, filter)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.n) };
};

/** Every appointment dated within the days (the patient report), in time order. */
export const findAppointmentsOnDays = (db: Db, owner: AppointmentOwner, fromDate: string, toDate: string) =>
  filtered(db, owner, { fromDate, toDate, ordering: "date" })
    .select(columns)
    .orderBy("startsAt")
    .orderBy("id")
    .execute();
