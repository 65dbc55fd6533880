import Box from "@mui/material/Box";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { can, type Grants, messages, type ParticipantReport } from "@openpro/core";
import { useState } from "react";
import { Loading } from "../components/loading";
import { RouterLink } from "../components/router-link";
import { SevereMark } from "../components/severe-mark";
import { appointmentsShown } from "../features/appointments/access";
import { AppointmentWidgets, DayAppointments } from "../features/appointments/components/appointment-widgets";
import { SymptomLogs } from "../features/logs/components/symptom-logs";
import { QuestionnaireWidgets } from "../features/questionnaire-delivery/components/delivered";
import { ActivitiesWidget, StepsWidget } from "../features/reports/components/activities-widget";
import { CalendarWidget } from "../features/reports/components/calendar-widget";
import { DayDetails } from "../features/reports/components/day-details";
import { FeelingsWidget } from "../features/reports/components/feelings-widget";
import { MedicationAdherenceWidget } from "../features/reports/components/medication-adherence";
import { MostLoggedSymptoms } from "../features/reports/components/most-logged-symptoms";
import { TemperatureWidget } from "../features/reports/components/temperature-widget";
import { WeightWidget } from "../features/reports/components/weight-widget";
import { NoData, WidgetCard } from "../features/reports/components/widget-card";
import { datePart, formatDay } from "../features/reports/format";
import { PatientContactsCard } from "../features/worklist/components/patient-contacts-card";
import { type PatientArea, usePatientArea } from "./patient-area-page";

/** Names of the symptom catalogue entries the report mentions. */
export const symptomNamer = (report: ParticipantReport) => {
  const names = new Map(report.symptoms.map((g) => [g.log.logTypeId, g.log.name]));
  for (const s of report.mostLoggedSymptoms) names.set(s.logType.logTypeId, s.logType.name);
  return (logTypeId: string | null) => (logTypeId ? (names.get(logTypeId) ?? "Symptom") : "Symptom");
};

/** The widgets the actor may see, over the report of the selected range. */
export const PatientDashboard = ({
  programId,
  userId,
  base,
  actor,
  range,
  report,
  consentDate,
  program,
}: {
  /** Program flags some widgets depend on (nurse-visit appointments). */
  program?: { populateNvAppointments: boolean };
  programId: string;
  userId: string;
  base: string;
  actor: Grants;
  range: PatientArea["range"];
  report: ParticipantReport;
  consentDate: string | null;
}) => {
  const [day, setDay] = useState<string | null>(null);
  const showRedFlags = can(actor, "view_user_symptom_red_flags");
  const symptomHref = (logTypeId: string) => `${base}/symptoms/${logTypeId}`;
  const symptomLink = (group: { log: { logTypeId: string; name: string } }) => (
    <MuiLink component={RouterLink} to={symptomHref(group.log.logTypeId)}>
      {group.log.name}
    </MuiLink>
  );

  return (
    // minmax(0, …): a plain 1fr column grows to its widest table's content, and on a phone the
    // whole dashboard was 558 px wide in a 390 px window.
    <Box
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", xl: "repeat(2, minmax(0, 1fr))" } }}
    >
      {can(actor, "view_user_dashboard_calendar") ? (
        <CalendarWidget
          days={report.days}
          range={range}
          consentDate={consentDate}
          selected={day}
          onSelect={setDay}
          showRedFlags={showRedFlags}
          seeMoreTo={`${base}/calendar?date=${day ?? range.endDate}`}
          dayDetail={
            day ? (
              <DayDetails
                programId={programId}
                userId={userId}
                date={day}
                symptomName={symptomNamer(report)}
                appointments={
                  program && appointmentsShown(actor, program) ? (
                    <DayAppointments programId={programId} userId={userId} base={base} date={day} />
                  ) : undefined
                }
              />
            ) : null
          }
        />
      ) : null}
      {can(actor, "view_user_symptom_logs") ? (
        <MostLoggedSymptoms symptoms={report.mostLoggedSymptoms} symptomHref={symptomHref} />
      ) : null}
      {can(actor, "view_user_symptom_logs") ? (
        <Box sx={{ gridColumn: { xl: "1 / -1" } }}>
          <Typography variant="h3" component="h3" className="visually-hidden">
            Symptom logs
          </Typography>
          <SymptomLogs
            programId={programId}
            symptomsNew={report.symptomsNew}
            symptomsAcknowledged={report.symptomsAcknowledged}
            symptomsRemoved={report.symptomsRemoved}
            canValidate={can(actor, "validate_user_log")}
            showRedFlags={showRedFlags}
            emptyText={messages.noSymptomLogs}
            renderName={symptomLink}
          />
        </Box>
      ) : null}
      {can(actor, "view_user_symptom_logs") ? (
        <WidgetCard title="Symptom history">
          {report.symptoms.length === 0 ? (
            <NoData>{messages.noSymptomLogs}</NoData>
          ) : (
            <Box component="ul" sx={{ pl: 2, m: 0 }}>
              {report.symptoms.map((g) => (
                <li key={g.log.logTypeId}>
                  {symptomLink(g)}
                  {` · ${g.count} log${g.count === 1 ? "" : "s"}, worst grade ${g.grade}`}
                  {showRedFlags && g.isDanger ? <SevereMark /> : null}
                </li>
              ))}
            </Box>
          )}
        </WidgetCard>
      ) : null}
      {can(actor, "view_user_dashboard_weight") ? (
        <WeightWidget weights={report.weights} seeMoreTo={`${base}/weight`} />
      ) : null}
      {/* Feelings are logs like symptoms: the same permission shows them (document 2 §1). */}
      {can(actor, "view_user_symptom_logs") ? <FeelingsWidget logs={report.logs} /> : null}
      {can(actor, "view_user_dashboard_temperature") ? (
        <TemperatureWidget temperatures={report.temperatures} seeMoreTo={`${base}/temperature`} />
      ) : null}
      {can(actor, "view_user_medication_adherence") ? (
        <MedicationAdherenceWidget items={report.medicationAdherence} seeMoreTo={`${base}/medications`} />
      ) : null}
      {can(actor, "view_user_activities") ? (
        <ActivitiesWidget activities={report.activities} totals={report.activitiesTotal} />
      ) : null}
      {can(actor, "view_user_activities") ? <StepsWidget steps={report.steps} totals={report.stepsTotal} /> : null}
      {program && appointmentsShown(actor, program) ? (
        <AppointmentWidgets programId={programId} userId={userId} base={base} />
      ) : null}
      <QuestionnaireWidgets
        programId={programId}
        userId={userId}
        deliveredPath={`${base}/delivered-questionnaires`}
        scheduledPath={`${base}/scheduled-questionnaires`}
        showDelivered={can(actor, "view_user_questionnaire_event_results")}
        showUpcoming={can(actor, "view_questionnaire_schedules")}
      />
    </Box>
  );
};

/** /programs/{programId}/participants/{participantId}: the widget overview. */
export const PatientDashboardPage = () => {
  const area = usePatientArea();
  if (!area.report) return <Loading label="Loading the patient's data" />;
  return (
    <>
      <Typography className="visually-hidden" role="status">
        {`Showing ${formatDay(area.range.startDate)} to ${formatDay(area.range.endDate)}`}
      </Typography>
      <MuiLink component={RouterLink} to={`${area.base}/pre-visit-summary`} sx={{ display: "inline-block", mb: 2 }}>
        Pre-visit summary
      </MuiLink>
      <PatientDashboard
        programId={area.programId}
        userId={area.userId}
        base={area.base}
        actor={area.actor}
        range={area.range}
        report={area.report}
        consentDate={datePart(area.participant.dateConsentGiven)}
        program={area.program}
      />
      {can(area.actor, "view_project_users") ? (
        <Box sx={{ mt: 2 }}>
          <PatientContactsCard
            programId={area.programId}
            userId={area.userId}
            patientName={`${area.participant.firstName} ${area.participant.lastName}`}
          />
        </Box>
      ) : null}
    </>
  );
};
