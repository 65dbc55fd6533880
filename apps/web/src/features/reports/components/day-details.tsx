import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import type { DailyReport } from "@openpro/core";
import type { ReactNode } from "react";
import { Loading } from "../../../components/loading";
import { formatCount } from "../../../lib/format";
import { useDailyReport } from "../api";
import { formatLongDay, formatTime, gradeLabel } from "../format";

/** Invalidated logs are dimmed by a grey ground and secondary text (opacity would fail contrast). */
const dimmed = { bgcolor: "action.hover", color: "text.secondary" } as const;

const medicationStatus = { LOGGED: "Taken", SKIPPED: "Skipped", SCHEDULED: "Untaken", MISSED: "Missed" } as const;

const Section = ({
  title,
  empty,
  emptyText = "Nothing logged",
  children,
}: {
  title: string;
  empty: boolean;
  emptyText?: string;
  children: React.ReactNode;
}) => (
  <Box component="section" sx={{ mt: 1 }}>
    <Typography variant="h4" component="h4" sx={{ fontSize: "1rem" }}>
      {title}
    </Typography>
    {empty ? (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    ) : (
      children
    )}
  </Box>
);

/**
 * One day: logged symptoms, activities, medications and appointments. `appointments`, where the
 * page has the appointments feature's own list of the day (status, time, a link to each), takes
 * the place of the report's short one.
 */
export const DayReportView = ({
  daily,
  symptomName,
  appointments,
}: {
  daily: DailyReport;
  symptomName: (logTypeId: string | null) => string;
  appointments?: ReactNode;
}) => (
  <Box>
    <Section title="Logged symptoms" empty={daily.symptoms.length === 0}>
      <List dense>
        {daily.symptoms.map((s) => (
          <ListItem key={s.logId} sx={s.validationStatus === "Removed" ? dimmed : undefined}>
            <ListItemText
              primary={`${symptomName(s.logTypeId)} · ${gradeLabel(s.data.grade ?? s.level?.grade)}`}
              secondary={[formatTime(s.date), s.validationStatus ?? "New"].join(" · ")}
            />
          </ListItem>
        ))}
      </List>
    </Section>
    <Section title="Logged activities" empty={daily.activities.length === 0 && daily.steps.length === 0}>
      <List dense>
        {[...daily.activities, ...daily.steps].map((a) => (
          <ListItem key={a.logId}>
            <ListItemText
              primary={
                a.data.steps !== undefined
                  ? `${formatCount(a.data.steps)} ${a.data.steps === 1 ? "step" : "steps"}`
                  : `${a.data.activityType ?? "Activity"}${a.data.durationMinutes ? ` · ${formatCount(a.data.durationMinutes)} min` : ""}`
              }
              secondary={formatTime(a.date)}
            />
          </ListItem>
        ))}
      </List>
    </Section>
    <Section title="Logged medications" empty={daily.medicationEvents.length === 0}>
      <List dense>
        {daily.medicationEvents.map((e, index) => (
          <ListItem key={e.medicationEventId ?? `${e.medicationId}-${index}`}>
            <ListItemText
              primary={`${e.displayMedication.name} · ${medicationStatus[e.status]}`}
              secondary={[formatTime(e.date), e.displaySkipReasonType, e.notes].filter(Boolean).join(" · ")}
            />
          </ListItem>
        ))}
      </List>
    </Section>
    {appointments ? (
      <Box component="section" sx={{ mt: 1 }}>
        <Typography variant="h4" component="h4" sx={{ fontSize: "1rem" }}>
          Appointments
        </Typography>
        {appointments}
      </Box>
    ) : (
      <Section title="Appointments" empty={daily.appointments.length === 0} emptyText="No appointments on this day">
        <List dense>
          {daily.appointments.map((a) => (
            <ListItem key={a.appointmentId}>
              <ListItemText
                primary={a.appointmentType}
                secondary={[
                  a.startDate.includes("T") ? `${formatTime(a.startDate)}–${formatTime(a.endDate)}` : "All day",
                  a.attended ? "Attended" : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
      </Section>
    )}
  </Box>
);

/** Loads and shows the daily report of a date. */
export const DayDetails = ({
  programId,
  userId,
  date,
  symptomName,
  appointments,
}: {
  programId: string;
  userId: string;
  date: string;
  symptomName: (logTypeId: string | null) => string;
  appointments?: ReactNode;
}) => {
  const daily = useDailyReport(programId, userId, date);
  return (
    <Box aria-live="polite">
      <Typography variant="h4" component="h4" sx={{ fontSize: "1.1rem", mt: 2 }}>
        {formatLongDay(date)}
      </Typography>
      {daily.isPending ? (
        <Loading label="Loading the day" />
      ) : daily.isError ? (
        <Typography color="text.secondary">The day could not be loaded.</Typography>
      ) : (
        <DayReportView daily={daily.data} symptomName={symptomName} appointments={appointments} />
      )}
    </Box>
  );
};
