import { can, type Grants, type Territory, territoryTimeZones } from "@openpro/core";

/** Appointment widgets and list: the permission, and a program that records nurse-visit appointments. */
export const appointmentsShown = (actor: Grants, program: { populateNvAppointments: boolean }) =>
  can(actor, "view_nurse_visit_appointments") && program.populateNvAppointments;

/** Add appointment: also the create permission, an active program and an active (consented) patient. */
export const canAddAppointment = (
  actor: Grants,
  program: { populateNvAppointments: boolean; isProjectActive: boolean },
  patient: { status: string },
) =>
  appointmentsShown(actor, program) &&
  can(actor, "create_nurse_visit_appointments") &&
  program.isProjectActive &&
  patient.status === "CONSENTED";

/** The zone the program's appointments are judged in (see core rules/appointments.ts). */
export const programZone = (program: { territory: string }) =>
  territoryTimeZones[program.territory as Territory] ?? "UTC";
