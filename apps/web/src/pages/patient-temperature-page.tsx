import { can, messages } from "@openpro/core";
import { Loading } from "../components/loading";
import { DetailFrame } from "../features/reports/components/detail-frame";
import { TemperatureChart, TemperatureTable } from "../features/reports/components/temperature-widget";
import { NoData } from "../features/reports/components/widget-card";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/temperature: chart and the Day / Time / Temperature table. */
export const PatientTemperaturePage = () => {
  const { report, base, actor } = usePatientArea();
  if (!can(actor, "view_user_dashboard_temperature")) return <NoData>{messages.forbidden}</NoData>;
  if (!report) return <Loading />;
  return (
    <DetailFrame title="Temperature" backTo={base}>
      {report.temperatures.length === 0 ? (
        <NoData>{messages.noTemperatureLogs}</NoData>
      ) : (
        <>
          <TemperatureChart temperatures={report.temperatures} height={320} />
          <TemperatureTable temperatures={report.temperatures} />
        </>
      )}
    </DetailFrame>
  );
};
