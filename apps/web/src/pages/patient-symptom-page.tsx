import { can, type LogItem, messages, type SymptomGroup } from "@openpro/core";
import { useParams } from "react-router";
import { Loading } from "../components/loading";
import { LogValidation } from "../features/logs/components/log-validation";
import { DetailFrame } from "../features/reports/components/detail-frame";
import { SymptomChart, SymptomHistory } from "../features/reports/components/symptom-history";
import { NoData } from "../features/reports/components/widget-card";
import { formatDay, formatTime } from "../features/reports/format";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/symptoms/{symptomId}: the symptom's grades over time and its history. */
export const PatientSymptomPage = () => {
  const { symptomId = "" } = useParams();
  const { report, base, actor, programId } = usePatientArea();
  if (!can(actor, "view_user_symptom_logs")) return <NoData>{messages.forbidden}</NoData>;
  if (!report) return <Loading />;
  const group = report.symptoms.find((g) => g.log.logTypeId === symptomId);
  const canValidate = can(actor, "validate_user_log");
  const actions = (item: LogItem, g: SymptomGroup) => (
    <LogValidation
      programId={programId}
      log={item}
      canValidate={canValidate}
      label={`${g.log.name}, ${formatDay(item.localDate || item.date)} ${formatTime(item.date)}`}
    />
  );
  return (
    <DetailFrame title={group?.log.name ?? "Symptom"} backTo={base}>
      {!group ? (
        <NoData>{messages.noSymptomLogs}</NoData>
      ) : (
        <>
          <SymptomChart group={group} height={300} />
          <SymptomHistory
            group={group}
            showRedFlags={can(actor, "view_user_symptom_red_flags")}
            renderLogActions={actions}
          />
        </>
      )}
    </DetailFrame>
  );
};
