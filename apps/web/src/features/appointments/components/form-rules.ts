import {
  type AppointmentFields,
  type AppointmentMode,
  type AppointmentStatus,
  type AppointmentType,
  appointmentShapeProblems,
  appointmentTimeProblems,
  type FieldProblem,
  messages,
  type NurseAppointment,
  wallClockAt,
} from "@openpro/core";

/** The form's values: empty strings until chosen. */
export interface AppointmentFormValues {
  appointmentType: AppointmentType | "";
  date: string;
  timeKind: "allDay" | "specific" | "";
  startTime: string;
  endTime: string;
  mode: AppointmentMode | "";
  status: AppointmentStatus;
  withWhom: string;
}

export const emptyForm: AppointmentFormValues = {
  appointmentType: "",
  date: "",
  timeKind: "",
  startTime: "",
  endTime: "",
  mode: "",
  status: "SCHEDULED",
  withWhom: "",
};

export const formOf = (a: NurseAppointment): AppointmentFormValues => ({
  appointmentType: a.appointmentType,
  date: a.date,
  timeKind: a.isDraft ? "allDay" : "specific",
  startTime: a.startTime ?? "",
  endTime: a.endTime ?? "",
  mode: a.mode,
  status: a.status,
  withWhom: a.withWhom ?? "",
});

export const fieldsOf = (v: AppointmentFormValues): AppointmentFields => ({
  appointmentType: v.appointmentType as AppointmentType,
  date: v.date,
  startTime: v.timeKind === "allDay" ? null : v.startTime || null,
  endTime: v.timeKind === "allDay" ? null : v.endTime || null,
  mode: v.mode as AppointmentMode,
  status: v.status,
  isDraft: v.timeKind === "allDay",
  withWhom: v.withWhom.trim() || null,
});

type FormField = keyof AppointmentFormValues;

/**
 * The form's checks, the server's own (core rules) on the program's clock: required choices, then
 * the shape rules, then (on create, or when an edit moves the appointment) no past date and no
 * start time already gone today.
 */
export const appointmentFormProblems = (
  values: AppointmentFormValues,
  options: { zone: string; now: Date; original: NurseAppointment | null },
): { field: FormField; message: string }[] => {
  const missing: { field: FormField; message: string }[] = [];
  if (!values.appointmentType) missing.push({ field: "appointmentType", message: messages.appointmentTypeRequired });
  if (!values.date) missing.push({ field: "date", message: messages.appointmentDateRequired });
  if (!values.timeKind) missing.push({ field: "timeKind", message: messages.appointmentTimeKindRequired });
  if (!values.mode) missing.push({ field: "mode", message: messages.appointmentModeRequired });
  if (values.timeKind === "specific") {
    if (!values.startTime) missing.push({ field: "startTime", message: messages.appointmentTimeRequired });
    if (!values.endTime) missing.push({ field: "endTime", message: messages.appointmentTimeRequired });
  }
  const fields = fieldsOf(values);
  const shape = values.timeKind ? appointmentShapeProblems(fields) : [];
  const original = options.original;
  const moved =
    !original ||
    fields.date !== original.date ||
    fields.startTime !== original.startTime ||
    fields.isDraft !== original.isDraft;
  const time: FieldProblem[] =
    moved && values.date && values.timeKind && !original?.locked
      ? appointmentTimeProblems(fields, wallClockAt(options.now, options.zone))
      : [];
  const seen = new Set<string>();
  return [
    ...missing,
    ...shape.map((p) => ({ field: (p.field === "isDraft" ? "timeKind" : p.field) as FormField, message: p.message })),
    ...time.map((p) => ({ field: p.field as FormField, message: p.message })),
  ].filter((p) => {
    if (seen.has(p.field)) return false;
    seen.add(p.field);
    return true;
  });
};
