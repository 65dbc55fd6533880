import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { type AppointmentFilter, appointmentLimits, messages, type NurseAppointment } from "@openpro/core";
import { useState } from "react";
import type { PatientOfProgram } from "../../../components/patient-props";
import { NoData, WidgetCard } from "../../../components/widget-card";
import { filterQuery, useAppointments } from "../api";
import { AppointmentItem } from "./appointment-item";

/** The appointment pages' paths under a patient's base path. */
export const appointmentPaths = (base: string) => ({
  list: (filter: AppointmentFilter) => `${base}/scheduled-nurse-appointment?filterTime=${filter}`,
  create: `${base}/schedule-nurse-appointment/create`,
  edit: (id: string) => `${base}/schedule-nurse-appointment/${id}`,
});

const ListOf = ({ items, empty, base }: { items: NurseAppointment[] | undefined; empty: string; base: string }) => {
  if (!items) return <CircularProgress size={24} aria-label="Loading appointments" />;
  if (items.length === 0) return <NoData>{empty}</NoData>;
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {items.map((a) => (
        <AppointmentItem key={a.id} appointment={a} editTo={appointmentPaths(base).edit(a.id)} />
      ))}
    </Box>
  );
};

/** Dashboard: the next three and the last three appointments, each with See more. */
export const AppointmentWidgets = ({ programId, userId, base }: PatientOfProgram & { base: string }) => {
  // "Now" is taken once per dashboard view, so the queries keep one key.
  const [now] = useState(() => new Date());
  const upcoming = useAppointments(programId, userId, filterQuery("Upcoming", now, 1, appointmentLimits.widgetSize));
  const past = useAppointments(programId, userId, filterQuery("Past", now, 1, appointmentLimits.widgetSize));
  const paths = appointmentPaths(base);
  return (
    <>
      <WidgetCard title="Upcoming appointments" seeMoreTo={paths.list("Upcoming")}>
        <ListOf items={upcoming.data?.results} empty={messages.noAppointmentsScheduled} base={base} />
      </WidgetCard>
      <WidgetCard title="Past appointments" seeMoreTo={paths.list("Past")}>
        <ListOf items={past.data?.results} empty={messages.noAppointmentsHistory} base={base} />
      </WidgetCard>
    </>
  );
};

/**
 * The appointments dated on one day (the calendar's chosen day, on the dashboard and the day
 * view), each with its time, status and a link to it.
 */
export const DayAppointments = ({
  programId,
  userId,
  base,
  date,
}: {
  programId: string;
  userId: string;
  base: string;
  date: string;
}) => {
  const day = useAppointments(programId, userId, {
    intervalStart: date,
    intervalEnd: date,
    ordering: "date",
    _page: 1,
    _perPage: 100,
  });
  return <ListOf items={day.data?.results} empty="No appointments on this day" base={base} />;
};
