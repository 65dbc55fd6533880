import Box from "@mui/material/Box";
import { can, messages } from "@openpro/core";
import { useState } from "react";
import { Loading } from "../components/loading";
import { DetailFrame } from "../features/reports/components/detail-frame";
import {
  AdherenceTable,
  chartableMedications,
  MedicationChart,
  MedicationPicker,
  MedicationTimeline,
} from "../features/reports/components/medication-adherence";
import { NoData } from "../features/reports/components/widget-card";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/medications: medication picker (first by default), chart and timeline. */
export const PatientMedicationsPage = () => {
  const { report, base, actor } = usePatientArea();
  const [chosen, setChosen] = useState("");
  if (!can(actor, "view_user_medication_adherence")) return <NoData>{messages.forbidden}</NoData>;
  if (!report) return <Loading />;
  const chartable = chartableMedications(report.medicationAdherence);
  const selected = chartable.find((m) => m.medication.medicationId === chosen) ?? chartable[0];
  return (
    <DetailFrame
      title="Medications"
      backTo={base}
      actions={
        selected ? (
          <MedicationPicker items={chartable} value={selected.medication.medicationId} onChange={setChosen} />
        ) : null
      }
    >
      {report.medicationAdherence.length === 0 ? (
        <NoData>{messages.noMedicationLogs}</NoData>
      ) : (
        <>
          <AdherenceTable items={report.medicationAdherence} />
          {selected ? (
            <Box sx={{ mt: 2 }}>
              <MedicationChart item={selected} height={300} />
              <MedicationTimeline item={selected} />
            </Box>
          ) : null}
        </>
      )}
    </DetailFrame>
  );
};
