import EditIcon from "@mui/icons-material/Edit";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { type CurrentUser, can, canVerify, messages, type ParticipantReport } from "@openpro/core";
import { useState } from "react";
import { Outlet, useLocation, useOutletContext, useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { ErasePatientButton } from "../features/erasure/components/erase-patient-button";
import { PatientDataExportButton } from "../features/exports/components/patient-data-export-button";
import { type ParticipantDetails, useParticipant } from "../features/patients/api";
import { PatientDetailsDrawer } from "../features/patients/components/patient-details-drawer";
import { VerificationDialog } from "../features/patients/components/verification-dialog";
import { usePatientIdTypes, useProgram } from "../features/programs/api";
import { type DateRange, useParticipantReport } from "../features/reports/api";
import { DateRangePicker } from "../features/reports/components/date-range-picker";
import { DownloadReportButton } from "../features/reports/components/download-report-button";
import { datePart, todayIso } from "../features/reports/format";
import { useSession } from "../lib/session-context";
import type { Program } from "../lib/wire";

export interface PatientArea {
  programId: string;
  userId: string;
  /** /programs/{programId}/participants/{participantId} */
  base: string;
  program: Program;
  participant: ParticipantDetails;
  actor: CurrentUser;
  range: DateRange;
  report: ParticipantReport | undefined;
  reportLoading: boolean;
}

/** What the patient area's child pages read (the header's range and the report over it). */
export const usePatientArea = () => useOutletContext<PatientArea>();

/** The picker's default: consent given through consent revoked (or today). */
export const defaultRange = (participant: ParticipantDetails, today: string): DateRange => {
  const end = datePart(participant.dateConsentRevoked) ?? today;
  const start = datePart(participant.dateConsentGiven) ?? end;
  return { startDate: start <= end ? start : end, endDate: end };
};

/**
 * The header's date range applies to the report's pages; the questionnaire and appointment pages
 * list by their own dates (document 2 §2: "the picker is hidden on the questionnaire and
 * appointment pages").
 */
export const dateRangeShownAt = (pathname: string): boolean =>
  !/\/participants\/[^/]+\/(delivered-questionnaires|scheduled-questionnaires|schedule\/|scheduled-nurse-appointment|schedule-nurse-appointment)/.test(
    pathname,
  );

/** /programs/{programId}/participants/{participantId}/…: the patient header around the dashboard and detail pages. */
export const PatientAreaPage = () => {
  const { programId = "", userId = "" } = useParams();
  const { user } = useSession();
  const program = useProgram(programId);
  const participant = useParticipant(programId, userId);
  if (participant.isError) return <EmptyState title={messages.notFound} />;
  if (!user || !program.data || !participant.data) return <Loading label="Loading the patient" />;
  // A new patient starts a new range.
  return (
    <PatientArea
      key={userId}
      programId={programId}
      userId={userId}
      program={program.data}
      participant={participant.data}
      actor={user}
    />
  );
};

const PatientArea = ({
  programId,
  userId,
  program,
  participant,
  actor,
}: {
  programId: string;
  userId: string;
  program: Program;
  participant: ParticipantDetails;
  actor: CurrentUser;
}) => {
  const { pathname } = useLocation();
  const today = todayIso();
  const [range, setRange] = useState<DateRange>(() => defaultRange(participant, today));
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const idTypes = usePatientIdTypes();
  const report = useParticipantReport(programId, userId, range);
  const name = `${participant.firstName} ${participant.lastName}`;
  const base = `/programs/${programId}/participants/${userId}`;
  const context: PatientArea = {
    programId,
    userId,
    base,
    program,
    participant,
    actor,
    range,
    report: report.data,
    reportLoading: report.isPending,
  };

  return (
    <Box component="section" aria-labelledby="patient-name">
      <Box component="header" sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Typography variant="h2" id="patient-name">
            {name}
          </Typography>
          <IconButton aria-label="Patient details" onClick={() => setDetailsOpen(true)}>
            <EditIcon />
          </IconButton>
        </Box>
        {canVerify(participant, program) ? (
          <Button variant="contained" color="warning" onClick={() => setVerifying(true)}>
            Verify now
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {dateRangeShownAt(pathname) ? (
          <DateRangePicker value={range} min={datePart(participant.dateConsentGiven)} max={today} onChange={setRange} />
        ) : null}
        {can(actor, "download_patient_report") ? (
          <DownloadReportButton programId={programId} userId={userId} range={range} />
        ) : null}
        {can(actor, "export_project_data_identifiable") ? (
          <PatientDataExportButton programId={programId} userId={userId} />
        ) : null}
        {can(actor, "erase_patient_data") ? (
          <ErasePatientButton programId={programId} userId={userId} patientName={name} />
        ) : null}
      </Box>
      {report.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
      <Outlet context={context} />
      <PatientDetailsDrawer
        programId={programId}
        patient={participant}
        actor={actor}
        idTypes={idTypes.data?.patientIdTypes ?? []}
        territory={program.territory}
        open={detailsOpen}
        onClose={() => setDetailsOpen(false)}
      />
      <VerificationDialog
        programId={programId}
        patient={verifying ? participant : null}
        onClose={() => setVerifying(false)}
      />
    </Box>
  );
};
