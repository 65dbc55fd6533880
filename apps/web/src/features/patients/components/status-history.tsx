import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
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

/** "Declined" alone read like "Consent declined": a verification's outcome says what it is about. */
const verificationLabel = (status: VerificationStatus): string =>
  status === "DECLINED" ? "Verification declined" : verificationStatusLabels[status];

const historyLabel = (item: HistoryItem): string =>
  item.kind === "status"
    ? patientStatusLabels[item.value as PatientStatus]
    : verificationLabel(item.value as VerificationStatus);

/** What a status means for the care team, shown under it (a nurse asked what "Status unconfirmed" was). */
export const statusExplanation = (item: HistoryItem | undefined): string | null => {
  if (!item) return null;
  if (item.kind === "verification")
    return item.value === "DECLINED"
      ? "The care team could not confirm this patient's identity"
      : item.value === "AWAITING_VERIFICATION"
        ? "Consented; the care team has yet to confirm who this is"
        : null;
  const explanations: Partial<Record<PatientStatus, string>> = {
    INVITE_SENT: "Invited; has not joined yet",
    STATUS_UNCONFIRMED: "Joined, but has not yet given or declined consent",
    CONSENT_DECLINED: "Opened the invitation and chose not to take part",
    CONSENT_WITHDRAWN: "Took part, then withdrew consent",
    INVITE_EXPIRED: "The invite ran out before the patient joined: re-send it",
  };
  return explanations[item.value as PatientStatus] ?? null;
};

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
      {statusExplanation(history[0]) ? (
        <Typography variant="body2" color="text.secondary">
          {statusExplanation(history[0])}
        </Typography>
      ) : null}
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
