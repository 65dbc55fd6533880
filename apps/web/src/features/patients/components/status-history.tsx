import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, Typography } from "@mui/material";
import {
  type EnrolledPatient,
  formatHistoryDate,
  type HistoryItem,
  mergeStatusHistory,
  type PatientStatus,
  patientStatusLabels,
  type VerificationStatus,
  verificationStatusLabels,
} from "@openpro/core";
import { useId, useState } from "react";

const historyLabel = (item: HistoryItem): string =>
  item.kind === "status"
    ? patientStatusLabels[item.value as PatientStatus]
    : verificationStatusLabels[item.value as VerificationStatus];

/**
 * The latest status of an enrolment row; holders of the consent-withdrawal permission can expand the
 * full history (merged with the verification history in non-private programs, newest first).
 */
export const StatusHistory = ({
  patient,
  isPrivate,
  timeZone,
  showHistory,
}: {
  patient: EnrolledPatient;
  isPrivate: boolean;
  timeZone: string;
  showHistory: boolean;
}) => {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const history = mergeStatusHistory(patient.statusHistory, patient.verificationStatusHistory, isPrivate);
  const latest = history[0] ? historyLabel(history[0]) : patientStatusLabels[patient.status];
  return (
    <Box>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {latest}
      </Typography>
      {showHistory && history.length > 0 ? (
        <>
          <Button
            size="small"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={listId}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ ml: 1 }}
          >
            {open ? "Hide history" : "Show history"}
          </Button>
          {open ? (
            <Box component="ol" id={listId} aria-label="Status history" sx={{ listStyle: "none", pl: 0, my: 1 }}>
              {history.map((item) => (
                <Typography component="li" key={`${item.kind}-${item.value}-${item.date}`} variant="body2">
                  {historyLabel(item)} — {formatHistoryDate(item.date, timeZone)}
                </Typography>
              ))}
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
};
