import { z } from "zod";
import { messages } from "../messages.js";
import {
  appointmentLimits,
  appointmentModes,
  appointmentStatuses,
  appointmentTypes,
  DATE_PATTERN,
  TIME_PATTERN,
} from "../rules/appointments.js";
import { UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, paged } from "./endpoint.js";

/**
 * Nurse-visit appointments of a patient, under /users/{uid} as the spec gives it. The program is
 * named by the `projectId` query parameter, as on the other /users/{uid} calls: a patient may be
 * enrolled in several programs, and an appointment belongs to one of them.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const programQuery = z.strictObject({ projectId: uuid });
const userParams = z.strictObject({ userId: uuid });
const appointmentParams = userParams.extend({ appointmentId: uuid });

const dateField = z
  .string({ error: messages.appointmentDateRequired })
  .regex(DATE_PATTERN, messages.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: messages.dateInvalid,
    },
  );
const timeField = z
  .string({ error: messages.appointmentTimeRequired })
  .regex(TIME_PATTERN, messages.notValidValue)
  .nullable();
const withWhomField = z
  .string({ error: messages.notValidValue })
  .trim()
  .max(appointmentLimits.withWhom, messages.maxLength(appointmentLimits.withWhom))
  .regex(/^[\p{L}\p{N}\s.,'?!/()@&+;-]*$/u, messages.unsupportedCharacters)
  .nullable()
  .transform((v) => (v ? v : null));

const fields = {
  appointmentType: z.enum(appointmentTypes, { error: messages.appointmentTypeRequired }),
  date: dateField,
  startTime: timeField,
  endTime: timeField,
  mode: z.enum(appointmentModes, { error: messages.appointmentModeRequired }),
  status: z.enum(appointmentStatuses, { error: messages.appointmentStatusRequired }),
  /** true: all day (no times). */
  isDraft: z.boolean({ error: messages.appointmentTimeKindRequired }),
  withWhom: withWhomField,
};

export const createAppointmentBody = z.strictObject({
  ...fields,
  startTime: fields.startTime.optional().default(null),
  endTime: fields.endTime.optional().default(null),
  status: fields.status.optional().default("SCHEDULED"),
  withWhom: fields.withWhom.optional().default(null),
});
export type CreateAppointmentBody = z.input<typeof createAppointmentBody>;

export const updateAppointmentBody = z.strictObject({
  appointmentType: fields.appointmentType.optional(),
  date: fields.date.optional(),
  startTime: fields.startTime.optional(),
  endTime: fields.endTime.optional(),
  mode: fields.mode.optional(),
  status: fields.status.optional(),
  isDraft: fields.isDraft.optional(),
  withWhom: fields.withWhom.optional(),
});
export type UpdateAppointmentBody = z.input<typeof updateAppointmentBody>;

/** An instant (compared with the appointment's end) or a date (compared with its date). */
const intervalBound = z
  .string({ error: messages.notValidValue })
  .refine((v) => DATE_PATTERN.test(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: messages.notValidValue,
  })
  .optional();

export const listAppointmentsQuery = z.strictObject({
  projectId: uuid,
  _page: z.coerce.number({ error: messages.notValidValue }).int().min(1).default(1),
  _perPage: z.coerce
    .number({ error: messages.notValidValue })
    .int()
    .min(1)
    .max(100)
    .default(appointmentLimits.pageSize),
  intervalStart: intervalBound,
  intervalEnd: intervalBound,
  ordering: z.enum(["date", "-date"], { error: messages.chooseAnOption }).default("date"),
});
export type ListAppointmentsQuery = z.input<typeof listAppointmentsQuery>;

export const nurseAppointmentSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  appointmentType: z.enum(appointmentTypes),
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  mode: z.enum(appointmentModes),
  status: z.enum(appointmentStatuses),
  isDraft: z.boolean(),
  withWhom: z.string().nullable(),
  /** The patient's note from the app: null without view_appointment_notes or when the program switched appointment notes off. */
  notes: z.string().nullable(),
  /** In the past (the lock rule, judged on the program's clock): type, date, time and mode are frozen. */
  locked: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type NurseAppointment = z.infer<typeof nurseAppointmentSchema>;

export const appointmentsApi = {
  create: endpoint({
    method: "POST",
    path: "/api/v1/users/:userId/nurse_visit_appointments",
    summary: "Schedule a nurse-visit appointment for an active patient of an active program.",
    tags: ["appointments"],
    auth: true,
    params: userParams,
    query: programQuery,
    body: createAppointmentBody,
    response: nurseAppointmentSchema,
    status: 201,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/users/:userId/nurse_visit_appointments",
    summary:
      "A patient's nurse-visit appointments, paged. intervalStart/intervalEnd: an instant compares with the appointment's end (Upcoming: from now; Past: to now), a date with its date.",
    tags: ["appointments"],
    auth: true,
    params: userParams,
    query: listAppointmentsQuery,
    response: paged(nurseAppointmentSchema),
  }),
  calendar: endpoint({
    method: "GET",
    path: "/api/v1/users/:userId/nurse_visit_appointments/upcoming.ics",
    summary: "The patient's upcoming appointments as an iCalendar file (RFC 5545), without identifying data.",
    tags: ["appointments"],
    auth: true,
    params: userParams,
    query: programQuery,
    response: z.any(),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/users/:userId/nurse_visit_appointments/:appointmentId",
    summary: "One nurse-visit appointment.",
    tags: ["appointments"],
    auth: true,
    params: appointmentParams,
    query: programQuery,
    response: nurseAppointmentSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/users/:userId/nurse_visit_appointments/:appointmentId",
    summary: "Edit an appointment; once in the past only its status and withWhom can change.",
    tags: ["appointments"],
    auth: true,
    params: appointmentParams,
    query: programQuery,
    body: updateAppointmentBody,
    response: nurseAppointmentSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/users/:userId/nurse_visit_appointments/:appointmentId",
    summary: "Delete an appointment that is not yet in the past.",
    tags: ["appointments"],
    auth: true,
    params: appointmentParams,
    query: programQuery,
    response: emptyResponse,
    status: 204,
  }),
};
