import { can, messages } from "@openpro/core";
import { useSearchParams } from "react-router";
import { Loading } from "../components/loading";
import { appointmentsShown } from "../features/appointments/access";
import { DayAppointments } from "../features/appointments/components/appointment-widgets";
import { CalendarWidget } from "../features/reports/components/calendar-widget";
import { DayDetails } from "../features/reports/components/day-details";
import { DetailFrame } from "../features/reports/components/detail-frame";
import { NoData } from "../features/reports/components/widget-card";
import { datePart } from "../features/reports/format";
import { usePatientArea } from "./patient-area-page";
import { symptomNamer } from "./patient-dashboard-page";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** …/participants/{id}/calendar?date=YYYY-MM-DD: the day view. */
export const PatientCalendarPage = () => {
  const { report, base, actor, range, programId, userId, participant, program } = usePatientArea();
  const [search, setSearch] = useSearchParams();
  if (!can(actor, "view_user_dashboard_calendar")) return <NoData>{messages.forbidden}</NoData>;
  if (!report) return <Loading />;
  const requested = search.get("date") ?? "";
  const date = isoDate.test(requested) ? requested : range.endDate;
  return (
    <DetailFrame title="Day view" backTo={base}>
      <CalendarWidget
        days={report.days}
        range={range}
        consentDate={datePart(participant.dateConsentGiven)}
        selected={date}
        onSelect={(d) => setSearch({ date: d })}
        showRedFlags={can(actor, "view_user_symptom_red_flags")}
      />
      <DayDetails
        programId={programId}
        userId={userId}
        date={date}
        symptomName={symptomNamer(report)}
        appointments={
          appointmentsShown(actor, program) ? (
            <DayAppointments programId={programId} userId={userId} base={base} date={date} />
          ) : undefined
        }
      />
    </DetailFrame>
  );
};
