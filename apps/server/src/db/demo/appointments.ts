import {
  type AppointmentFields,
  appointmentSpan,
  type Territory,
  territoryTimeZones,
  wallClockAt,
} from "@openpro/core";
import type { Db } from "../kysely.js";

/**
 * Nurse-visit appointments of the demo's consented patients in programs that record them: a
 * treatment cycle seen from today, three weeks back and four ahead (past ones Completed, one
 * Cancelled; future ones Scheduled or Confirmed), never before the patient consented. Dates are
 * days from today on the program's own calendar; deterministic (the patient's ordinal picks the
 * clinician and shifts the times), one INSERT for all.
 */

const clinicians = ["Sister Okafor", "Nurse Patel", "Dr Ames", "Nurse Byrne"];

type Plan = Omit<AppointmentFields, "date" | "withWhom"> & { days: number };
const plan: Plan[] = [
  {
    days: -21,
    appointmentType: "CHEMOTHERAPY",
    isDraft: true,
    startTime: null,
    endTime: null,
    mode: "FACE_TO_FACE",
    status: "SCHEDULED",
  },
  {
    days: -15,
    appointmentType: "BLOOD_TEST",
    isDraft: false,
    startTime: "09:30",
    endTime: "09:45",
    mode: "FACE_TO_FACE",
    status: "COMPLETED",
  },
  {
    days: -8,
    appointmentType: "TELEPHONE_CONSULTATION",
    isDraft: false,
    startTime: "14:00",
    endTime: "14:15",
    mode: "TELEPHONE",
    status: "COMPLETED",
  },
  {
    days: -3,
    appointmentType: "NURSE_APPOINTMENT",
    isDraft: false,
    startTime: "11:00",
    endTime: "11:30",
    mode: "FACE_TO_FACE",
    status: "CANCELLED",
  },
  {
    days: 2,
    appointmentType: "BLOOD_TEST",
    isDraft: false,
    startTime: "10:00",
    endTime: "10:15",
    mode: "FACE_TO_FACE",
    status: "CONFIRMED",
  },
  {
    days: 7,
    appointmentType: "CHEMOTHERAPY",
    isDraft: true,
    startTime: null,
    endTime: null,
    mode: "FACE_TO_FACE",
    status: "SCHEDULED",
  },
  {
    days: 14,
    appointmentType: "PICC_LINE_PROCEDURE",
    isDraft: false,
    startTime: "13:30",
    endTime: "14:30",
    mode: "FACE_TO_FACE",
    status: "SCHEDULED",
  },
  {
    days: 28,
    appointmentType: "PRE_TREATMENT_APPOINTMENT",
    isDraft: false,
    startTime: "15:00",
    endTime: "15:45",
    mode: "TELEPHONE",
    status: "SCHEDULED",
  },
];

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Shifts HH:mm by whole hours, staying within the day. */
const shift = (time: string | null, hours: number) => {
  if (!time) return null;
  const h = Math.min(23, Number(time.slice(0, 2)) + hours);
  return `${String(h).padStart(2, "0")}${time.slice(2)}`;
};

export const seedAppointments = async (db: Db, options: { now: Date }) => {
  const patients = await db
    .selectFrom("programPatients")
    .innerJoin("programs", "programs.id", "programPatients.programId")
    .select([
      "programPatients.programId",
      "programPatients.userId",
      "programPatients.dateConsentGiven",
      "programs.territory",
    ])
    .where("programs.populateNvAppointments", "=", true)
    .where("programPatients.status", "=", "CONSENTED")
    .orderBy("programs.name")
    .orderBy("programPatients.inviteEmail")
    .execute();
  const rows = patients.flatMap((patient, ordinal) => {
    const zone = territoryTimeZones[patient.territory as Territory];
    const today = wallClockAt(options.now, zone).date;
    const consented = patient.dateConsentGiven ? wallClockAt(patient.dateConsentGiven, zone).date : today;
    return plan.flatMap(({ days, ...visit }) => {
      const date = addDays(today, days);
      if (date < consented) return [];
      const fields: AppointmentFields = {
        ...visit,
        date,
        startTime: shift(visit.startTime, ordinal % 3),
        endTime: shift(visit.endTime, ordinal % 3),
        withWhom: clinicians[(ordinal + days + 21) % clinicians.length]!,
      };
      return [
        {
          programId: patient.programId,
          patientId: patient.userId,
          ...fields,
          notes: days === 2 ? "Can we make it after the school run?" : null,
          ...appointmentSpan(fields, zone),
          createdBy: null,
          createdAt: options.now,
          updatedAt: options.now,
        },
      ];
    });
  });
  if (rows.length) await db.insertInto("nurseVisitAppointments").values(rows).execute();
  return rows.length;
};
