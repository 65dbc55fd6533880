import { can, messages } from "@openpro/core";
import { Loading } from "../components/loading";
import { DetailFrame } from "../features/reports/components/detail-frame";
import { WeightChart, WeightTimeline, weightTrend } from "../features/reports/components/weight-widget";
import { NoData } from "../features/reports/components/widget-card";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/weight: trend chart and timeline. */
export const PatientWeightPage = () => {
  const { report, base, actor } = usePatientArea();
  if (!can(actor, "view_user_dashboard_weight")) return <NoData>{messages.forbidden}</NoData>;
  if (!report) return <Loading />;
  const trend = weightTrend(report.weights);
  return (
    <DetailFrame title="Weight" backTo={base}>
      {report.weights.count === 0 ? (
        <NoData>{messages.noWeightLogs}</NoData>
      ) : (
        <>
          {trend ? <p>Trend: {trend}</p> : null}
          <WeightChart weights={report.weights} height={320} />
          <WeightTimeline weights={report.weights} />
        </>
      )}
    </DetailFrame>
  );
};
