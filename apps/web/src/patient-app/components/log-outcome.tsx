import { Alert, AlertTitle, Box, Typography } from "@mui/material";
import type { CareTeamContact, PatientProgram } from "@openpro/core";
import { t } from "../../lib/patient-text";
import { usePendingCount } from "../api";
import type { SubmitOutcome } from "../outbox";
import { PhoneLink } from "./care-team-contacts";

/**
 * What became of the log just saved. An alert message of the program comes first, big and red, with
 * the care team's number to call: the patient must act on it now.
 */
export const LogOutcome = ({ outcome, program }: { outcome: SubmitOutcome; program: PatientProgram }) => {
  // A log kept offline is sent in the background; once nothing waits, say so.
  const pending = usePendingCount();
  if (outcome.status === "refused") {
    const details = outcome.error.fieldErrors.map((e) => e.message);
    return (
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        <AlertTitle>{t("sendFailed")}</AlertTitle>
        {(details.length > 0 ? details : [outcome.error.message]).map((message) => (
          <Typography key={message}>{message}</Typography>
        ))}
      </Alert>
    );
  }
  if (outcome.status === "queued") {
    if (pending === 0) {
      return (
        <Alert severity="success" role="status" sx={{ mb: 3, fontSize: "1.1rem" }}>
          {t("sentLater")}
        </Alert>
      );
    }
    return (
      <Alert severity="info" role="status" sx={{ mb: 3 }}>
        {t("savedOffline")}
      </Alert>
    );
  }
  return (
    <Box sx={{ mb: 3, display: "grid", gap: 2 }}>
      {outcome.alertMessages.length > 0 ? (
        <AlertMessages messages={outcome.alertMessages.map((a) => a.message)} careTeam={program.careTeam} />
      ) : null}
      <Alert severity="success" role="status" sx={{ fontSize: "1.1rem" }}>
        {t("sent")}
      </Alert>
    </Box>
  );
};

/** The program's alert messages, shown at once and announced (role="alert"), with a call button per care team. */
export const AlertMessages = ({ messages, careTeam }: { messages: string[]; careTeam: CareTeamContact[] }) => {
  const phones = careTeam.flatMap((contact) => {
    const phone = contact.contactPhones.find((p) => p.trim() !== "");
    return phone ? [{ id: contact.id, label: t("callCareTeam", { name: contact.careTeamName, phone }), phone }] : [];
  });
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      sx={{ fontSize: "1.2rem", "& .MuiAlert-message": { width: "100%", display: "grid", gap: 1.5 } }}
    >
      <AlertTitle sx={{ fontSize: "1.35rem", fontWeight: 700 }}>{t("alertTitle")}</AlertTitle>
      {[...new Set(messages)].map((message) => (
        <Typography key={message} sx={{ fontSize: "1.2rem" }}>
          {message}
        </Typography>
      ))}
      {phones.length === 0 ? <Typography sx={{ fontWeight: 700 }}>{t("alertNoPhone")}</Typography> : null}
      {phones.map((p) => (
        <PhoneLink key={p.id} phone={p.phone} label={p.label} onColour />
      ))}
    </Alert>
  );
};
